import type { Address } from 'viem'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type {
  GetPricesAtParameters,
  GetPricesParameters,
  GetPricesReturnType,
  PriceSource,
} from './priceSource.ts'

/** How long a price is reused (the spec's portfolio expiry, section 9). */
export const priceCacheTtlMs = 30_000

/** A past block's price does not change: kept a week (a reorg deeper than that is not a concern). */
export const pastPriceCacheTtlMs = 7 * 24 * 60 * 60_000

/** What the cache holds per token; `null` remembers that the source had no price. */
type CachedPrice = { price: number | null }

/**
 * Wraps a price source with the shared cache: each token's price is kept `ttlMs` under
 * `price:v1:<chain>:<currency>:<address>`, so every API process reuses it; only the tokens
 * missing from the cache go to the source, in one call. `forceUpdate` reads nothing from the
 * cache and refreshes it. Past prices (`getPricesAt`, when the source has them) are kept a
 * week under `price-at:v1:<chain>:<block>:<currency>:<address>`.
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
      const { chainId, tokens, currency, forceUpdate, onTtl, ...rest } = parameters
      const prices: GetPricesReturnType = new Map()
      // The shortest life left of the prices answered, when the caller asks (`onTtl`).
      let freshForMs = Number.POSITIVE_INFINITY
      const readCached = async (address: Address): Promise<CachedPrice | undefined> => {
        const key = keyOf(chainId, currency, address)
        if (!onTtl) return cache.get<CachedPrice>(key)
        if (!cache.getEntry) {
          // A cache that cannot tell an entry's life left: nothing answered may be kept.
          freshForMs = 0
          return cache.get<CachedPrice>(key)
        }
        const entry = await cache.getEntry(key)
        if (entry === undefined) return undefined
        freshForMs = Math.min(freshForMs, entry.ttlMs)
        return JSON.parse(entry.json) as CachedPrice
      }
      const cached = forceUpdate
        ? tokens.map(() => undefined)
        : await Promise.all(tokens.map((token) => readCached(token.address)))
      const missing = tokens.filter((token, index) => {
        const entry = cached[index]
        if (entry === undefined) return true
        if (entry.price !== null) prices.set(token.address, entry.price)
        return false
      })
      if (missing.length > 0) {
        const fetched = await source.getPrices({
          ...rest,
          chainId,
          currency,
          forceUpdate,
          tokens: missing,
        })
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
        freshForMs = Math.min(freshForMs, ttlMs)
      }
      onTtl?.(freshForMs)
      return prices
    },
    ...(source.getPricesAt
      ? {
          getPricesAt: (parameters: GetPricesAtParameters) =>
            getPricesAtCached(source, cache, parameters),
        }
      : {}),
  }
}

/** `getPricesAt` through the cache: only the tokens missing from it go to the source. */
async function getPricesAtCached(
  source: PriceSource,
  cache: CacheStore,
  parameters: GetPricesAtParameters,
): Promise<GetPricesReturnType> {
  const { chainId, blockNumber, currency, tokens } = parameters
  const keyOf = (address: Address) =>
    `price-at:v1:${chainId}:${blockNumber}:${currency}:${address.toLowerCase()}`
  const prices: GetPricesReturnType = new Map()
  const cached = await Promise.all(
    tokens.map((token) => cache.get<CachedPrice>(keyOf(token.address))),
  )
  const missing = tokens.filter((token, index) => {
    const entry = cached[index]
    if (entry === undefined) return true
    if (entry.price !== null) prices.set(token.address, entry.price)
    return false
  })
  if (missing.length === 0 || !source.getPricesAt) return prices
  const fetched = await source.getPricesAt({ ...parameters, tokens: missing })
  await Promise.all(
    missing.map((token) => {
      const price = fetched.get(token.address)
      if (price !== undefined) prices.set(token.address, price)
      return cache.set(
        keyOf(token.address),
        { price: price ?? null } satisfies CachedPrice,
        pastPriceCacheTtlMs,
      )
    }),
  )
  return prices
}
