import type { CacheStore } from './cacheStore.ts'

/** Loads in flight per cache and key: identical misses in this process share one. */
const loading = new WeakMap<CacheStore, Map<string, Promise<unknown>>>()

export type ReadThroughParameters<value> = {
  key: string
  ttlMs: number
  /** Reads the value from its source when the cache has none (a chain call, a query). */
  load: () => Promise<value>
}

/**
 * The value cached under `key`, else `load()`'s, stored for `ttlMs`. Concurrent misses of one
 * key in this process wait for the first one's load instead of each loading (the burst after
 * an entry expires costs one chain call, not one per request). Waiters get the same object:
 * treat it as read-only. A failed load is not cached; every waiter sees its error.
 */
export async function readThrough<value>(
  cache: CacheStore,
  { key, ttlMs, load }: ReadThroughParameters<value>,
): Promise<value> {
  const cached = await cache.get<value>(key)
  if (cached !== undefined) return cached
  let inFlight = loading.get(cache)
  if (!inFlight) {
    inFlight = new Map()
    loading.set(cache, inFlight)
  }
  const pending = inFlight.get(key)
  if (pending) return pending as Promise<value>
  const loads = inFlight
  const started = (async () => {
    const value = await load()
    await cache.set(key, value, ttlMs)
    return value
  })().finally(() => {
    if (loads.get(key) === started) loads.delete(key)
  })
  loads.set(key, started)
  return started
}
