import type { CacheStore } from './cacheStore.ts'

/**
 * A `CacheStore` in this process's memory, for tests that need no database. The API uses
 * `createDbCacheStore`, which every process shares. Values are copied through JSON, as the
 * database would.
 */
export function createMemoryCacheStore({
  now = Date.now,
}: {
  now?: () => number
} = {}): CacheStore {
  const entries = new Map<string, { json: string; expiresAt: number }>()
  const getEntry = async (key: string) => {
    const entry = entries.get(key)
    if (!entry) return undefined
    const ttlMs = entry.expiresAt - now()
    if (ttlMs > 0) return { json: entry.json, ttlMs }
    entries.delete(key)
    return undefined
  }
  return {
    async get<value>(key: string) {
      const entry = await getEntry(key)
      return entry === undefined ? undefined : (JSON.parse(entry.json) as value)
    },
    getEntry,
    async set(key, value, ttlMs) {
      if (!Number.isFinite(ttlMs) || ttlMs <= 0)
        throw new RangeError(
          `The cache TTL must be a positive number of milliseconds, got ${ttlMs}.`,
        )
      entries.set(key, { json: JSON.stringify(value ?? null), expiresAt: now() + ttlMs })
    },
    async delete(key) {
      entries.delete(key)
    },
  }
}
