import type { PublicClient } from 'viem'
import { expect, test } from 'vitest'
import type { ApiNetwork } from '../../network.ts'
import { createMemoryCacheStore } from '../../stores/createMemoryCacheStore.ts'
import { getTokenMetadata } from './getTokenMetadata.ts'

const token = '0x00000000000000000000000000000000000000a1'
const network: ApiNetwork = {
  id: 10,
  name: 'Test',
  rpcUrl: 'http://rpc.invalid',
  publicRpcUrl: 'http://rpc.invalid',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  nativePriceUsd: 0,
  testnet: true,
  tokens: [],
}

test("an unlisted token's name and symbol are cleaned of control and bidi characters and capped", async () => {
  // The multicall answers name, symbol, decimals (injected: the cleaning needs no chain).
  const client = {
    multicall: async () => [
      { status: 'success', result: `Tether\u202E USD\u0000${'x'.repeat(200)}` },
      { status: 'success', result: 'USD\u200F\u2067T' },
      { status: 'success', result: 6 },
    ],
  } as unknown as PublicClient
  const found = await getTokenMetadata(
    { client, cache: createMemoryCacheStore() },
    { network, addresses: [token] },
  )
  expect(found.get(token)).toEqual({
    address: token,
    name: `Tether USD${'x'.repeat(90)}`,
    symbol: 'USDT',
    decimals: 6,
  })
})
