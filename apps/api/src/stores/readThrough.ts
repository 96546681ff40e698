import type { CacheStore } from './cacheStore.ts'

/** Loads in flight per cache and key: identical misses in this process share one. */
const loading = new WeakMap<CacheStore, Map<string, Promise<unknown>>>()

export type ReadThroughParameters<value> = {
  key: string
  ttlMs: number
  /** Reads the value from its source when the cache has none (a chain call, a query). */
  load: () => Promise<value>
  /**
   * Told how many ms the value answered stays fresh: the entry's life left (caches that know
   * it, `getEntry`; 0 for those that do not), or `ttlMs` for a value just loaded.
   */
  onTtl?: ((ttlMs: number) => void) | undefined
}

/**
 * The value cached under `key`, else `load()`'s, stored for `ttlMs`. Concurrent misses of one
 * key in this process wait for the first one's load instead of each loading (the burst after
 * an entry expires costs one chain call, not one per request). Waiters get the same object:
 * treat it as read-only. A failed load is not cached; every waiter sees its error.
 */
export async function readThrough<value>(
  cache: CacheStore,
  { key, ttlMs, load, onTtl }: ReadThroughParameters<value>,
): Promise<value> {
  // The entry with its life left, when the caller wants it and the cache knows it.
  const entry = onTtl && cache.getEntry ? await cache.getEntry(key) : undefined
  if (entry !== undefined) {
    onTtl?.(entry.ttlMs)
    return JSON.parse(entry.json) as value
  }
  if (!(onTtl && cache.getEntry)) {
    const cached = await cache.get<value>(key)
    if (cached !== undefined) {
      // A cache that does not tell the life left: unknown, so none.
      onTtl?.(0)
      return cached
    }
  }
  const value = await readThroughLoad(cache, { key, ttlMs, load })
  onTtl?.(ttlMs)
  return value
}

/** The shared load of a miss: one per cache and key in this process at a time. */
function readThroughLoad<value>(
  cache: CacheStore,
  { key, ttlMs, load }: ReadThroughParameters<value>,
): Promise<value> {
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
