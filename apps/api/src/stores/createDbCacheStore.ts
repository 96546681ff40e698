import { and, eq, lte, sql } from 'drizzle-orm'
import type { LatchDb } from '../db/createDatabase.ts'
import { cacheEntries } from '../db/schema/index.ts'
import type { CacheStore } from './cacheStore.ts'

export type CreateDbCacheStoreParameters = {
  db: LatchDb
  /** How often this process deletes every expired entry, at most (default one minute). */
  sweepIntervalMs?: number | undefined
}

/**
 * A `CacheStore` over the `cache_entries` table. Expiry is judged by the database clock, so
 * API processes on different machines agree; expired rows are deleted when read and swept
 * now and then on write.
 */
export function createDbCacheStore({
  db,
  sweepIntervalMs = 60_000,
}: CreateDbCacheStoreParameters): CacheStore {
  let lastSweep = 0
  // Built once (the hottest query of the read routes): the SQL text is not rebuilt per call.
  const read = db
    // As text, parsed by the caller: Drizzle's jsonb mapping would turn a stored "123" into 123.
    .select({
      json: sql<string>`${cacheEntries.value}::text`,
      ttlMs: sql<number>`(extract(epoch from ${cacheEntries.expiresAt} - now()) * 1000)::float8`,
    })
    .from(cacheEntries)
    .where(eq(cacheEntries.key, sql.placeholder('key')))
    .prepare('latch_cache_get')
  const getEntry = async (key: string) => {
    const [row] = await read.execute({ key })
    if (!row) return undefined
    // Numeric text from node-postgres, a number from PGlite.
    const ttlMs = Number(row.ttlMs)
    if (ttlMs > 0) return { json: row.json, ttlMs }
    // Only the expired row: another process may have just stored a fresh one.
    await db
      .delete(cacheEntries)
      .where(and(eq(cacheEntries.key, key), lte(cacheEntries.expiresAt, sql`now()`)))
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
      // Serialized here so null is stored as JSON null, not SQL NULL.
      const json = sql`${JSON.stringify(value ?? null)}::jsonb`
      const expiresAt = sql`now() + make_interval(secs => ${ttlMs / 1000})`
      await db
        .insert(cacheEntries)
        .values({ key, value: json, expiresAt })
        .onConflictDoUpdate({ target: cacheEntries.key, set: { value: json, expiresAt } })
      if (Date.now() - lastSweep >= sweepIntervalMs) {
        lastSweep = Date.now()
        await db.delete(cacheEntries).where(lte(cacheEntries.expiresAt, sql`now()`))
      }
    },
    async delete(key) {
      await db.delete(cacheEntries).where(eq(cacheEntries.key, key))
    },
  }
}
