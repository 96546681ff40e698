import { expect, test } from 'vitest'
import type { GuardedFetch, GuardedFetchOptions } from '../fetch/createGuardedFetch.ts'
import { createAggregatorSwapSource } from './createAggregatorSwapSource.ts'
import { swapNativeAddress } from './swapSource.ts'

const router = '0x111111125421cA6dc452d289314280a0f8842A65'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const user = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A fake aggregator behind the fetcher's interface: answers by path, records what was asked. */
function fakeFetch(answer: (url: URL) => { status?: number; body: unknown } | Error) {
  const asked: { url: URL; options: GuardedFetchOptions }[] = []
  const fetch: GuardedFetch = async (url, options) => {
    const parsed = new URL(url)
    asked.push({ url: parsed, options })
    const result = answer(parsed)
    if (result instanceof Error) throw result
    return Response.json(result.body, { status: result.status ?? 200 })
  }
  return { fetch, asked }
}

const source = (fetch: GuardedFetch) =>
  createAggregatorSwapSource({
    baseUrl: 'https://aggregator.test/swap/v6.0/',
    apiKey: 'key-1',
    fetch,
    chainIds: new Set([1]),
  })

test('quotes with /quote and the spender of /approve/spender (asked once), the key as a bearer token', async () => {
  const { fetch, asked } = fakeFetch((url) =>
    url.pathname.endsWith('/approve/spender')
      ? { body: { address: router.toLowerCase() } }
      : { body: { dstAmount: '2990000000', gas: 190000 } },
  )
  const aggregator = source(fetch)
  expect(aggregator.supports(1)).toBe(true)
  expect(aggregator.supports(10)).toBe(false)
  const parameters = {
    chainId: 1,
    from: swapNativeAddress,
    to: usdc,
    amountIn: 10n ** 18n,
  } as const
  const quote = await aggregator.quote(parameters)
  expect(quote).toEqual({
    source: 'aggregator',
    amountIn: 10n ** 18n,
    amountOut: 2_990_000_000n,
    path: [swapNativeAddress, usdc],
    priceImpact: null,
    feeAmount: 0n,
    estimatedGas: 190_000n,
    spender: router,
  })
  await aggregator.quote(parameters)
  expect(asked.map(({ url }) => url.pathname)).toEqual([
    '/swap/v6.0/1/quote',
    '/swap/v6.0/1/approve/spender',
    '/swap/v6.0/1/quote',
  ])
  expect(Object.fromEntries(asked[0]?.url.searchParams ?? [])).toEqual({
    src: swapNativeAddress,
    dst: usdc,
    amount: '1000000000000000000',
    includeGas: 'true',
  })
  expect(asked[0]?.options).toMatchObject({
    accept: ['application/json'],
    headers: { Authorization: 'Bearer key-1' },
  })
})

test('builds with /swap: the user, the slippage, its own estimate off', async () => {
  const { fetch, asked } = fakeFetch((url) =>
    url.pathname.endsWith('/approve/spender')
      ? { body: { address: router } }
      : {
          body: {
            dstAmount: '5',
            tx: { from: user, to: router, data: '0xABCD', value: '7', gas: 0 },
          },
        },
  )
  const built = await source(fetch).build({
    chainId: 1,
    from: swapNativeAddress,
    to: usdc,
    amountIn: 7n,
    user,
    amountOutMin: 4n,
    slippage: 0.5,
    deadline: 0n,
  })
  expect(built).toMatchObject({
    to: router,
    data: '0xabcd',
    value: 7n,
    quote: { amountOut: 5n, estimatedGas: 250_000n },
  })
  expect(Object.fromEntries(asked[0]?.url.searchParams ?? [])).toMatchObject({
    from: user,
    origin: user,
    slippage: '0.5',
    disableEstimate: 'true',
  })
})

test('a swap to another contract than the spender the user approves is refused', async () => {
  const { fetch } = fakeFetch((url) =>
    url.pathname.endsWith('/approve/spender')
      ? { body: { address: router } }
      : { body: { dstAmount: '5', tx: { to: user, data: '0x', value: '0' } } },
  )
  await expect(
    source(fetch).build({
      chainId: 1,
      from: usdc,
      to: swapNativeAddress,
      amountIn: 7n,
      user,
      amountOutMin: 4n,
      slippage: 1,
      deadline: 0n,
    }),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[SwapAggregatorUnavailableError: The swap aggregator did not answer: a swap to another contract than its spender.]`,
  )
})

test('failures: no liquidity is "no route"; 5xx, refusals and odd answers are the aggregator being down', async () => {
  const trade = { chainId: 1, from: swapNativeAddress, to: usdc, amountIn: 1n } as const
  const failing = (answer: Parameters<typeof fakeFetch>[0]) =>
    source(fakeFetch(answer).fetch).quote(trade)
  await expect(
    failing(() => ({
      status: 400,
      body: { statusCode: 400, description: 'insufficient liquidity' },
    })),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[NoSwapRouteError: No route from "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" to "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" (the aggregator found none).]`,
  )
  await expect(
    failing(() => ({ status: 503, body: {} })),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[SwapAggregatorUnavailableError: The swap aggregator did not answer: HTTP 503.]`,
  )
  await expect(
    failing(() => ({ body: { dstAmount: 'lots' } })),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[SwapAggregatorUnavailableError: The swap aggregator did not answer: an answer of an unexpected shape.]`,
  )
  await expect(
    failing(() => new Error('socket hang up')),
  ).rejects.toThrowErrorMatchingInlineSnapshot(
    `[SwapAggregatorUnavailableError: The swap aggregator did not answer: no answer.]`,
  )
})

test('after a failure it rests on that chain: no call until the cooldown ends', async () => {
  let clock = 1_000
  let down = true
  const { fetch, asked } = fakeFetch((url) =>
    down
      ? { status: 502, body: {} }
      : url.pathname.endsWith('/approve/spender')
        ? { body: { address: router } }
        : { body: { dstAmount: '1' } },
  )
  const aggregator = createAggregatorSwapSource({
    baseUrl: 'https://aggregator.test',
    fetch,
    chainIds: new Set([1]),
    cooldownMs: 30_000,
    now: () => clock,
  })
  const trade = { chainId: 1, from: swapNativeAddress, to: usdc, amountIn: 1n } as const
  await expect(aggregator.quote(trade)).rejects.toThrow('HTTP 502')
  down = false
  clock += 29_999
  await expect(aggregator.quote(trade)).rejects.toMatchObject({ resting: true })
  expect(asked).toHaveLength(1)
  clock += 1
  expect((await aggregator.quote(trade)).amountOut).toBe(1n)
})
