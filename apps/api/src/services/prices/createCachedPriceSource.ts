import type { Address } from 'viem'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type { GetPricesParameters, GetPricesReturnType, PriceSource } from './priceSource.ts'

/** How long a price is reused (the spec's portfolio expiry, section 9). */
export const priceCacheTtlMs = 30_000

/** What the cache holds per token; `null` remembers that the source had no price. */
type CachedPrice = { price: number | null }

/**
 * Wraps a price source with the shared cache: each token's price is kept `ttlMs` under
 * `price:v1:<chain>:<currency>:<address>`, so every API process reuses it; only the tokens
 * missing from the cache go to the source, in one call. `forceUpdate` reads nothing from the
 * cache and refreshes it.
 */
export function createCachedPriceSource({
  source,
  cache,
  ttlMs = priceCacheTtlMs,
}: {
  source: PriceSource
  cache: CacheStore
  ttlMs?: number | undefined
}): PriceSource {
  const keyOf = (chainId: number, currency: string, address: Address) =>
    `price:v1:${chainId}:${currency}:${address.toLowerCase()}`
  return {
    currencies: source.currencies,
    async getPrices(parameters: GetPricesParameters) {
      const { chainId, tokens, currency, forceUpdate } = parameters
      const prices: GetPricesReturnType = new Map()
      const cached = forceUpdate
        ? tokens.map(() => undefined)
        : await Promise.all(
            tokens.map((token) => cache.get<CachedPrice>(keyOf(chainId, currency, token.address))),
          )
      const missing = tokens.filter((token, index) => {
        const entry = cached[index]
        if (entry === undefined) return true
        if (entry.price !== null) prices.set(token.address, entry.price)
        return false
      })
      if (missing.length === 0) return prices

      const fetched = await source.getPrices({ ...parameters, tokens: missing })
      await Promise.all(
        missing.map((token) => {
          const price = fetched.get(token.address)
          if (price !== undefined) prices.set(token.address, price)
          return cache.set(
            keyOf(chainId, currency, token.address),
            { price: price ?? null } satisfies CachedPrice,
            ttlMs,
          )
        }),
      )
      return prices
    },
  }
}
