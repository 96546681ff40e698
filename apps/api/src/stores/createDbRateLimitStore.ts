import { lt, sql } from 'drizzle-orm'
import type { LatchDb } from '../db/createDatabase.ts'
import { rateLimitCounters } from '../db/schema/index.ts'
import type { RateLimitStore } from './rateLimitStore.ts'

/** Counters one statement upserts at most (4 parameters each). */
const maxRowsPerStatement = 1000

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
      const rows: { key: string; windowStart: number; count: number }[] = []
      // In chunks: a statement's parameters are capped (65,535 in PostgreSQL's protocol).
      for (let start = 0; start < sorted.length; start += maxRowsPerStatement) {
        const chunk = sorted.slice(start, start + maxRowsPerStatement)
        rows.push(...(await upsert(chunk)))
      }
      const counts = new Map(rows.map((row) => [`${row.windowStart}|${row.key}`, row.count]))
      return increments.map(
        ({ key, windowStart, amount }) => counts.get(`${windowStart}|${key}`) ?? amount,
      )

      function upsert(chunk: typeof sorted) {
        return db
          .insert(rateLimitCounters)
          .values(
            chunk.map(({ key, windowStart, amount }) => ({
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
      }
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
