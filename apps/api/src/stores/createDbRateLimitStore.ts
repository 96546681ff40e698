import { lt, sql } from 'drizzle-orm'
import type { LatchDb } from '../db/createDatabase.ts'
import { rateLimitCounters } from '../db/schema/index.ts'
import type { RateLimitStore } from './rateLimitStore.ts'

/**
 * A `RateLimitStore` over `rate_limit_counters`: one `INSERT ... ON CONFLICT DO UPDATE ...
 * RETURNING` adds a batch and reads back the global counts, on PGlite and PostgreSQL alike.
 */
export function createDbRateLimitStore({ db }: { db: LatchDb }): RateLimitStore {
  return {
    async increment(increments, windowMs) {
      if (increments.length === 0) return []
      // One lock order for every process: two batches never wait on each other in a cycle.
      const sorted = [...increments].sort((a, b) =>
        a.key === b.key ? a.windowStart - b.windowStart : a.key < b.key ? -1 : 1,
      )
      const rows = await db
        .insert(rateLimitCounters)
        .values(
          sorted.map(({ key, windowStart, amount }) => ({
            key,
            windowStart,
            count: amount,
            expiresAt: new Date(windowStart + windowMs),
          })),
        )
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + excluded.count` },
        })
        .returning({
          key: rateLimitCounters.key,
          windowStart: rateLimitCounters.windowStart,
          count: rateLimitCounters.count,
        })
      const counts = new Map(rows.map((row) => [`${row.windowStart}|${row.key}`, row.count]))
      return increments.map(
        ({ key, windowStart, amount }) => counts.get(`${windowStart}|${key}`) ?? amount,
      )
    },
    async sweep() {
      const rows = await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.expiresAt, sql`now()`))
        .returning({ key: rateLimitCounters.key })
      return rows.length
    },
  }
}
