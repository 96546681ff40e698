import { expect, test } from 'vitest'
import type { ApiNetwork } from '../../network.ts'
import { listSwapChainIds } from './listSwapChainIds.ts'

const network = (id: number) => ({ id }) as ApiNetwork

test("the spec's swap networks the API serves, plus the devnet's; LATCH_SWAP_CHAINS replaces the spec's list", () => {
  const networks = [1, 8453, 11155111, 31337].map(network)
  expect([...listSwapChainIds({ networks })]).toEqual([1, 8453])
  expect([...listSwapChainIds({ networks, devnetChainIds: [31337] })]).toEqual([1, 8453, 31337])
  expect([...listSwapChainIds({ networks, configured: [11155111, 10] })]).toEqual([11155111])
})
