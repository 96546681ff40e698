import { type Address, isAddressEqual } from 'viem'
import { z } from 'zod'
import { OutboundFetchError } from '../../errors/outbound.ts'
import { PriceFeedUnavailableError } from '../../errors/price.ts'
import { createGuardedFetch, type GuardedFetch } from '../fetch/createGuardedFetch.ts'
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
  /** Largest feed answer read (default 1 MiB). */
  maxBytes?: number | undefined
  /**
   * The guarded fetcher (the app's, sharing the process-wide outbound cap); by default one that
   * refuses private addresses.
   */
  fetch?: GuardedFetch | undefined
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
  maxBytes = 1024 * 1024,
  fetch = createGuardedFetch(),
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
      const body = await fetchFeed(fetch, url, { timeout, maxBytes })
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

async function fetchFeed(
  fetch: GuardedFetch,
  url: string,
  { timeout, maxBytes }: { timeout: number; maxBytes: number },
): Promise<unknown> {
  const failed = (error: unknown) => {
    const reason =
      error instanceof OutboundFetchError
        ? error.reason === 'it took too long'
          ? `No answer within ${timeout} ms.`
          : `The request was refused: ${error.reason}.`
        : 'The request failed.'
    return new PriceFeedUnavailableError({ reason, cause: error })
  }
  let response: Response
  try {
    response = await fetch(url, { accept: ['application/json'], maxBytes, timeoutMs: timeout })
  } catch (error) {
    throw failed(error)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new PriceFeedUnavailableError({ reason: `The feed answered HTTP ${response.status}.` })
  }
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw failed(error)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new PriceFeedUnavailableError({ reason: 'The feed answered no JSON.', cause: error })
  }
}
