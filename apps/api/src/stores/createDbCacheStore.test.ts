import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { forEachDatabase } from '../db/testing.ts'
import { createDbCacheStore } from './createDbCacheStore.ts'

forEachDatabase('createDbCacheStore', (context) => {
  test('stores, reads, replaces and deletes JSON values', async () => {
    const cache = createDbCacheStore({ db: context.db })
    expect(await cache.get('missing')).toBeUndefined()
    await cache.set('price:eth', { usd: 3000.5, at: '2026-01-01' }, 60_000)
    expect(await cache.get('price:eth')).toEqual({ usd: 3000.5, at: '2026-01-01' })
    await cache.set('price:eth', [1, 'two', null], 60_000)
    expect(await cache.get('price:eth')).toEqual([1, 'two', null])
    await cache.set('numeric string', '123', 60_000)
    expect(await cache.get('numeric string')).toBe('123')
    await cache.set('null', null, 60_000)
    expect(await cache.get('null')).toBeNull()
    await cache.delete('price:eth')
    expect(await cache.get('price:eth')).toBeUndefined()
  })

  test('two stores over one database agree (as two API processes do)', async () => {
    const first = createDbCacheStore({ db: context.db })
    const second = createDbCacheStore({ db: context.db })
    await first.set('shared', 'from first', 60_000)
    expect(await second.get('shared')).toBe('from first')
  })

  test('expired entries read as missing and are cleaned lazily', async () => {
    const cache = createDbCacheStore({ db: context.db, sweepIntervalMs: 0 })
    // Short, but not so short that a slow machine's next write sweeps them before the checks
    // below: every write sweeps here (sweepIntervalMs 0).
    await cache.set('short', 1, 5_000)
    await cache.set('other-short', 2, 5_000)
    await cache.set('long', 3, 60_000)
    // The database is the clock (every API process shares it): each TTL counts from its now().
    const left = async (key: string) =>
      Number(
        (
          await context.db.execute<{ ms: string }>(
            sql`SELECT extract(epoch from (expires_at - now())) * 1000 AS ms FROM cache_entries WHERE key = ${key}`,
          )
        ).rows[0]?.ms,
      )
    expect(await left('short')).toBeGreaterThan(0)
    expect(await left('short')).toBeLessThanOrEqual(5_000)
    expect(await left('long')).toBeGreaterThan(59_000)
    // Time passes for the short ones, without sleeping: their expiry moves into the past.
    await context.db.execute(
      sql`UPDATE cache_entries SET expires_at = now() - interval '1 millisecond' WHERE key IN ('short', 'other-short')`,
    )
    expect(await cache.get('short')).toBeUndefined()
    const keys = async () =>
      (
        await context.db.execute<{ key: string }>(sql`SELECT key FROM cache_entries ORDER BY key`)
      ).rows.map((row) => row.key)
    expect(await keys()).not.toContain('short')
    // A write sweeps every other expired entry.
    await cache.set('trigger', 4, 60_000)
    expect(await keys()).not.toContain('other-short')
    expect(await cache.get('long')).toBe(3)
  })

  test('getEntry gives the stored JSON text and the time it has left', async () => {
    const cache = createDbCacheStore({ db: context.db })
    await cache.set('entry', { a: '123' }, 60_000)
    const entry = await cache.getEntry?.('entry')
    expect(JSON.parse(entry?.json ?? 'null')).toEqual({ a: '123' })
    expect(entry?.ttlMs).toBeGreaterThan(50_000)
    expect(entry?.ttlMs).toBeLessThanOrEqual(60_000)
    expect(await cache.getEntry?.('missing')).toBeUndefined()
    await context.db.execute(
      sql`UPDATE cache_entries SET expires_at = now() - interval '1 millisecond' WHERE key = 'entry'`,
    )
    expect(await cache.getEntry?.('entry')).toBeUndefined()
  })

  test('a bad TTL is refused', async () => {
    const cache = createDbCacheStore({ db: context.db })
    await expect(cache.set('x', 1, 0)).rejects.toThrowErrorMatchingInlineSnapshot(
      `[RangeError: The cache TTL must be a positive number of milliseconds, got 0.]`,
    )
  })
})
