import type { DevnetChain } from '@latch/api-contract'
import { findFreePort, type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createChainClients } from '../../createChainClients.ts'
import { networkFromDevnetChain } from '../../network.ts'
import { createRecordingFetch } from '../../testing/createRecordingFetch.ts'
import {
  createUniswapV2PriceSource,
  type UniswapV2PriceChain,
} from './createUniswapV2PriceSource.ts'
import { nativeTokenAddress, type PriceSource } from './priceSource.ts'

let devnet: StartTestDevnetReturnType
let chain: DevnetChain
let source: PriceSource
const recording = createRecordingFetch()

const token = (symbol: string) => {
  const found = chain.tokens.find((candidate) => candidate.symbol === symbol)
  if (!found) throw new Error(`No ${symbol} on the devnet.`)
  return { address: found.address as Address, decimals: found.decimals }
}

function sourceFor(devnetChain: DevnetChain, fetchFn?: typeof fetch): PriceSource {
  const network = networkFromDevnetChain(devnetChain)
  const client = createChainClients([network], { fetchFn }).get(network.id)
  if (!client || !network.uniswapV2) throw new Error('No client or pools.')
  const chains = new Map<number, UniswapV2PriceChain>([
    [network.id, { client, multicall3: network.multicall3, ...network.uniswapV2 }],
  ])
  return createUniswapV2PriceSource({ chains })
}

beforeAll(async () => {
  devnet = await startTestDevnet()
  chain = devnet.manifest.chains[0] as DevnetChain
  source = sourceFor(chain, recording.fetchFn)
})
afterAll(async () => {
  await devnet?.stop()
})

describe('createUniswapV2PriceSource', () => {
  test('prices every token from the pools in one eth_call', async () => {
    recording.reset()
    const tokens = [
      { address: nativeTokenAddress, decimals: 18 },
      token('LUSD'),
      token('WETH'),
      token('ALPHA'),
      token('BETA'),
      token('PTS'),
    ]
    const prices = await source.getPrices({ chainId: chain.id, tokens, currency: 'usd' })
    expect(recording.methods).toEqual(['eth_call'])

    // Seeded at ETH = 3000, ALPHA = 2, BETA = 0.01 ETH, PTS = 0.5 LUSD; one whole token in
    // pays the 0.3% pool fee plus a little price impact (BETA crosses two pools).
    const near = (value: number | undefined, seed: number, fees: number) => {
      expect(value).toBeLessThan(seed)
      expect(value).toBeGreaterThan(seed * (1 - 0.003) ** fees * 0.998)
    }
    expect(prices.get(token('LUSD').address)).toBe(1)
    near(prices.get(nativeTokenAddress), 3000, 1)
    near(prices.get(token('WETH').address), 3000, 1)
    near(prices.get(token('ALPHA').address), 2, 1)
    near(prices.get(token('BETA').address), 30, 2)
    near(prices.get(token('PTS').address), 0.5, 1)
    expect(prices.get(nativeTokenAddress)).toBe(prices.get(token('WETH').address))
  })

  test('a token without a pool is unpriced, not zero', async () => {
    const nft = chain.contracts.nft as Address
    const prices = await source.getPrices({
      chainId: chain.id,
      tokens: [{ address: nft, decimals: 18 }, token('ALPHA')],
      currency: 'usd',
    })
    expect(prices.has(nft)).toBe(false)
    expect(prices.has(token('ALPHA').address)).toBe(true)
  })

  test('getPricesAt reads the pools at a past block: none before they existed, now as today', async () => {
    const tokens = [token('ALPHA'), { address: nativeTokenAddress, decimals: 18 }]
    const client = createChainClients([networkFromDevnetChain(chain)]).get(chain.id)
    const head = await client?.getBlockNumber({ cacheTime: 0 })
    if (head === undefined) throw new Error('No client.')
    const today = await source.getPrices({ chainId: chain.id, tokens, currency: 'usd' })
    const atHead = await source.getPricesAt?.({
      chainId: chain.id,
      tokens,
      currency: 'usd',
      blockNumber: head,
    })
    expect(atHead).toEqual(today)
    // At genesis there were no pools (nor Multicall3): no price, never today's.
    const atGenesis = await source
      .getPricesAt?.({ chainId: chain.id, tokens, currency: 'usd', blockNumber: 0n })
      .catch(() => new Map())
    expect(atGenesis?.has(token('ALPHA').address)).toBe(false)
    expect(atGenesis?.has(nativeTokenAddress)).toBe(false)
  })

  test('the pools quote USD only, and only their own chains', async () => {
    expect(source.currencies).toEqual(['usd'])
    const tokens = [token('ALPHA')]
    expect(await source.getPrices({ chainId: chain.id, tokens, currency: 'eur' })).toEqual(
      new Map(),
    )
    expect(await source.getPrices({ chainId: 1, tokens, currency: 'usd' })).toEqual(new Map())
  })

  test('a chain whose RPC is down is RpcUnavailableError', async () => {
    const closedPort = await findFreePort()
    const down = sourceFor({ ...chain, rpcUrl: `http://127.0.0.1:${closedPort}` })
    await expect(
      down.getPrices({ chainId: chain.id, tokens: [token('ALPHA')], currency: 'usd' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[RpcUnavailableError: The RPC for chain eip155:31337 did not answer.]`,
    )
  })
})
