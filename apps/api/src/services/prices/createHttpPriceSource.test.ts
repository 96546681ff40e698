import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from 'viem'
import { describe, expect, test } from 'vitest'
import { createGuardedFetch, type GuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createHttpPriceSource } from './createHttpPriceSource.ts'
import { nativeTokenAddress } from './priceSource.ts'

const usdc: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const weth: Address = '0x4200000000000000000000000000000000000006'
const unknown: Address = '0x00000000000000000000000000000000000000a1'
const template =
  'https://feed.example/simple/token_price/{platform}?contract_addresses={addresses}&vs_currencies={currency}&x_cg_demo_api_key=secret'

/** A feed that answers CoinGecko's shape for the addresses it knows, and records the URLs. */
function fakeFeed(
  known: Record<string, Record<string, number>>,
  answer?: (url: string) => Response | Promise<Response>,
) {
  const urls: string[] = []
  const fetchFn: GuardedFetch = async (input) => {
    const url = String(input)
    urls.push(url)
    if (answer) return answer(url)
    const asked = new URL(url).searchParams.get('contract_addresses')?.split(',') ?? []
    const body = Object.fromEntries(asked.flatMap((a) => (known[a] ? [[a, known[a]]] : [])))
    return Response.json(body)
  }
  return { fetchFn, urls }
}

const chains = new Map([[8453, { platform: 'base', wrappedNative: weth }]])

describe('createHttpPriceSource', () => {
  test('asks the feed once per call; the native coin is priced as its wrapped token', async () => {
    const feed = fakeFeed({
      [usdc.toLowerCase()]: { usd: 0.9998, eur: 0.92 },
      [weth.toLowerCase()]: { usd: 3120.5, eur: 2870.1 },
    })
    const source = createHttpPriceSource({ urlTemplate: template, chains, fetch: feed.fetchFn })
    expect(source.currencies).toEqual(['usd', 'eur'])
    const tokens = [
      { address: nativeTokenAddress, decimals: 18 },
      { address: usdc, decimals: 6 },
      { address: unknown, decimals: 18 },
    ]
    const prices = await source.getPrices({ chainId: 8453, tokens, currency: 'eur' })
    expect(prices).toEqual(
      new Map([
        [nativeTokenAddress, 2870.1],
        [usdc, 0.92],
      ]),
    )
    expect(feed.urls).toEqual([
      `https://feed.example/simple/token_price/base?contract_addresses=${weth.toLowerCase()},${usdc.toLowerCase()},${unknown}&vs_currencies=eur&x_cg_demo_api_key=secret`,
    ])
  })

  test('an entry without a number for the currency leaves its token unpriced', async () => {
    const feed = fakeFeed({}, () =>
      Response.json({ [usdc.toLowerCase()]: { usd: 'cheap' }, [weth.toLowerCase()]: {} }),
    )
    const source = createHttpPriceSource({ urlTemplate: template, chains, fetch: feed.fetchFn })
    const tokens = [
      { address: usdc, decimals: 6 },
      { address: weth, decimals: 18 },
    ]
    expect(await source.getPrices({ chainId: 8453, tokens, currency: 'usd' })).toEqual(new Map())
  })

  test('a chain without a platform or a currency it does not quote asks nothing', async () => {
    const feed = fakeFeed({})
    const source = createHttpPriceSource({
      urlTemplate: template,
      chains,
      currencies: ['usd'],
      fetch: feed.fetchFn,
    })
    const tokens = [{ address: usdc, decimals: 6 }]
    expect(await source.getPrices({ chainId: 10, tokens, currency: 'usd' })).toEqual(new Map())
    expect(await source.getPrices({ chainId: 8453, tokens, currency: 'eur' })).toEqual(new Map())
    expect(feed.urls).toEqual([])
  })

  test('a failing feed is PriceFeedUnavailableError, without the URL (it may hold a key)', async () => {
    const tokens = [{ address: usdc, decimals: 6 }]
    const failing = async (answer: (url: string) => Response | Promise<Response>) => {
      const feed = fakeFeed({}, answer)
      const source = createHttpPriceSource({
        urlTemplate: template,
        chains,
        timeout: 50,
        fetch: feed.fetchFn,
      })
      const error = await source
        .getPrices({ chainId: 8453, tokens, currency: 'usd' })
        .catch((caught: unknown) => caught as Error)
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).not.toContain('secret')
      return `${(error as Error).name}: ${(error as Error).message}`
    }
    expect(await failing(() => new Response('busy', { status: 429 }))).toMatchInlineSnapshot(`
      "PriceFeedUnavailableError: The price feed did not answer.
      The feed answered HTTP 429."
    `)
    expect(await failing(() => new Response('<html>', { status: 200 }))).toMatchInlineSnapshot(`
      "PriceFeedUnavailableError: The price feed did not answer.
      The feed answered no JSON."
    `)
    expect(await failing(() => Response.json(['not', 'a', 'map']))).toMatchInlineSnapshot(`
      "PriceFeedUnavailableError: The price feed did not answer.
      The feed answered an unexpected shape."
    `)
    expect(
      await failing(() => Promise.reject(new TypeError('fetch failed'))),
    ).toMatchInlineSnapshot(`
      "PriceFeedUnavailableError: The price feed did not answer.
      The request failed."
    `)
  })

  test('through the guarded fetcher: the time budget, the content type and the size cap hold', async () => {
    // "feed.example" resolves to a local feed, which the test lets through as if public.
    const server = createServer((request, response) => {
      if (request.url?.includes('vs_currencies=usd'))
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>')
      if (request.url?.includes('vs_currencies=eur'))
        return response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ [usdc.toLowerCase()]: { eur: 0.92, pad: 'x'.repeat(2_000) } }))
      // Anything else never answers.
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const fetch = createGuardedFetch({
        resolve: async () => ['127.0.0.1'],
        isAllowedAddress: (address) => address === '127.0.0.1',
      })
      const source = (urlTemplate: string, maxBytes?: number) =>
        createHttpPriceSource({ urlTemplate, chains, timeout: 100, maxBytes, fetch })
      const local = `http://feed.example:${port}/p?a={addresses}&vs_currencies={currency}`
      const tokens = [{ address: usdc, decimals: 6 }]
      const reason = (pending: Promise<unknown>) =>
        pending.then(
          () => ['resolved'],
          (error: { metaMessages?: readonly string[] }) => error.metaMessages,
        )
      expect({
        priced: await source(local).getPrices({ chainId: 8453, tokens, currency: 'eur' }),
        tooLarge: await reason(
          source(local, 1_000).getPrices({ chainId: 8453, tokens, currency: 'eur' }),
        ),
        html: await reason(source(local).getPrices({ chainId: 8453, tokens, currency: 'usd' })),
        hangs: await reason(
          source(local.replace('vs_currencies', 'hang')).getPrices({
            chainId: 8453,
            tokens,
            currency: 'usd',
          }),
        ),
        privateByDefault: await reason(
          createHttpPriceSource({
            urlTemplate: `http://127.0.0.1:${port}/p?a={addresses}&vs_currencies={currency}`,
            chains,
          }).getPrices({ chainId: 8453, tokens, currency: 'eur' }),
        ),
      }).toEqual({
        priced: new Map([[usdc, 0.92]]),
        tooLarge: ['The request was refused: more than 1000 bytes.'],
        html: ['The request was refused: the content type "text/html" is not allowed.'],
        hangs: ['No answer within 100 ms.'],
        privateByDefault: ['The request was refused: a host on a private network.'],
      })
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
