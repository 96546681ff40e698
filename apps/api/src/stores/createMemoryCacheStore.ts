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
  return {
    async get<value>(key: string) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expiresAt > now()) return JSON.parse(entry.json) as value
      entries.delete(key)
      return undefined
    },
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
