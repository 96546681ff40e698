import { type Address, isAddressEqual } from 'viem'
import { z } from 'zod'
import { PriceFeedUnavailableError } from '../../errors/price.ts'
import {
  type Currency,
  type GetPricesParameters,
  type GetPricesReturnType,
  nativeTokenAddress,
  type PriceSource,
} from './priceSource.ts'

/** How the feed names one chain. */
export type HttpPriceFeedChain = {
  /** Replaces `{platform}` in the URL template (CoinGecko's asset platform, e.g. "base"). */
  platform?: string | undefined
  /** The wrapped native coin (WETH): the native coin is priced as this token. */
  wrappedNative?: Address | undefined
}

export type CreateHttpPriceSourceParameters = {
  /**
   * The feed URL with `{platform}`, `{chainId}`, `{addresses}` (comma list, lower case) and
   * `{currency}` placeholders, e.g. a CoinGecko-compatible
   * `https://feed.example/simple/token_price/{platform}?contract_addresses={addresses}&vs_currencies={currency}`.
   * It may carry an API key, so it never appears in messages or logs.
   */
  urlTemplate: string
  chains: ReadonlyMap<number, HttpPriceFeedChain>
  /** What the feed quotes; `['usd', 'eur']` by default. */
  currencies?: readonly Currency[] | undefined
  /** Bounds one feed request, in ms (default 5000). */
  timeout?: number | undefined
  /** Injected in tests. */
  fetchFn?: typeof fetch | undefined
}

/**
 * A CoinGecko-style answer: `{ "0xabc...": { "usd": 1.23 } }`. Tokens it cannot price are
 * absent (or hold no number for the currency): those stay unpriced.
 */
const feedResponseSchema = z.record(z.string(), z.record(z.string(), z.unknown()))

/**
 * Prices tokens from an HTTP feed, one request per call. A token the feed does not know is
 * unpriced; a feed that fails (refused, timed out, not 2xx, not the expected JSON) is a
 * `PriceFeedUnavailableError` (502).
 */
export function createHttpPriceSource({
  urlTemplate,
  chains,
  currencies = ['usd', 'eur'],
  timeout = 5_000,
  fetchFn = fetch,
}: CreateHttpPriceSourceParameters): PriceSource {
  return {
    currencies,
    async getPrices({ chainId, tokens, currency }: GetPricesParameters) {
      const prices: GetPricesReturnType = new Map()
      const chain = chains.get(chainId)
      if (!chain || !currencies.includes(currency)) return prices
      if (urlTemplate.includes('{platform}') && !chain.platform) return prices

      // What to ask the feed for each token: the native coin is asked as its wrapped token.
      const asked = new Map<Address, string>()
      for (const { address } of tokens) {
        const feedAddress = isAddressEqual(address, nativeTokenAddress)
          ? chain.wrappedNative
          : address
        if (feedAddress) asked.set(address, feedAddress.toLowerCase())
      }
      if (asked.size === 0) return prices

      const url = urlTemplate
        .replaceAll('{platform}', encodeURIComponent(chain.platform ?? ''))
        .replaceAll('{chainId}', String(chainId))
        .replaceAll('{addresses}', [...new Set(asked.values())].join(','))
        .replaceAll('{currency}', currency)
      const body = await fetchFeed(fetchFn, url, timeout)
      const parsed = feedResponseSchema.safeParse(body)
      if (!parsed.success)
        throw new PriceFeedUnavailableError({ reason: 'The feed answered an unexpected shape.' })
      const byAddress = new Map(
        Object.entries(parsed.data).map(([key, quote]) => [key.toLowerCase(), quote[currency]]),
      )
      for (const [address, feedAddress] of asked) {
        const price = byAddress.get(feedAddress)
        if (typeof price === 'number' && Number.isFinite(price) && price >= 0)
          prices.set(address, price)
      }
      return prices
    },
  }
}

async function fetchFeed(fetchFn: typeof fetch, url: string, timeout: number): Promise<unknown> {
  let response: Response
  try {
    response = await fetchFn(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeout),
    })
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new PriceFeedUnavailableError({
      reason: timedOut ? `No answer within ${timeout} ms.` : 'The request failed.',
      cause: error,
    })
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new PriceFeedUnavailableError({ reason: `The feed answered HTTP ${response.status}.` })
  }
  try {
    return await response.json()
  } catch (error) {
    throw new PriceFeedUnavailableError({ reason: 'The feed answered no JSON.', cause: error })
  }
}
