import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { rateLimitCounters } from '../db/schema/index.ts'
import { forEachDatabase } from '../db/testing.ts'
import { createDbRateLimitStore } from './createDbRateLimitStore.ts'
import { createRateLimitCounter, type RateLimitCheck } from './createRateLimitCounter.ts'
import type { RateLimitStore } from './rateLimitStore.ts'

const check = (key: string, limit: number): RateLimitCheck => ({ key, limit, scope: 'ip' })

forEachDatabase('rate-limit counters', (context) => {
  test('flushes batch the local counts and read back the global ones', async () => {
    const store = createDbRateLimitStore({ db: context.db })
    let time = 60_000 * 16_666_667 // the start of a window
    const a = createRateLimitCounter({ store, now: () => time, flushIntervalMs: 10_000 })
    const b = createRateLimitCounter({ store, now: () => time, flushIntervalMs: 10_000 })
    for (let index = 0; index < 3; index++) expect(a.hit([check('k1', 5)]).allowed).toBe(true)
    await a.flush()
    const [row] = await context.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = 'k1'`)
    expect(row?.count).toBe(3)
    // b learns the global count from its own first flush.
    expect(b.hit([check('k1', 5)]).allowed).toBe(true)
    await b.flush()
    expect(b.hit([check('k1', 5)])).toEqual({ allowed: true })
    expect(b.hit([check('k1', 5)])).toMatchObject({ allowed: false, scope: 'ip' })
    // A new window starts from zero; Retry-After is the rest of the window.
    time += 59_500
    expect(b.hit([check('k1', 5)])).toMatchObject({ allowed: false, retryAfterSeconds: 1 })
    time += 1_000
    expect(b.hit([check('k1', 5)]).allowed).toBe(true)
    await Promise.all([a.stop(), b.stop()])
  })

  test('a flush of thousands of keys is split into statements PostgreSQL accepts', async () => {
    const store = createDbRateLimitStore({ db: context.db })
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000
    const increments = Array.from({ length: 20_000 }, (_, index) => ({
      key: `many:${index}`,
      windowStart,
      amount: (index % 3) + 1,
    }))
    await store.increment(increments, 60_000)
    const counts = await store.increment(increments, 60_000)
    expect(counts).toEqual(increments.map((increment) => 2 * increment.amount))
  })

  test('ended windows are swept from the database', async () => {
    const store = createDbRateLimitStore({ db: context.db })
    const ended = Date.now() - 3 * 60_000
    await store.increment([{ key: 'old', windowStart: ended, amount: 4 }], 60_000)
    await store.increment([{ key: 'current', windowStart: Date.now(), amount: 1 }], 60_000)
    expect(await store.sweep()).toBeGreaterThanOrEqual(1)
    const keys = await context.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)
    expect(keys.map((row) => row.key)).toContain('current')
    expect(keys.map((row) => row.key)).not.toContain('old')
  })
})

test('a failed flush loses nothing: the counts go with the next one', async () => {
  const written: number[] = []
  let failures = 1
  // A store whose database is down for the first flush.
  const store: RateLimitStore = {
    async increment(increments) {
      if (failures-- > 0) throw new Error('database down')
      written.push(...increments.map((increment) => increment.amount))
      return increments.map((increment) => increment.amount)
    },
    sweep: async () => 0,
  }
  const errors: unknown[] = []
  const counter = createRateLimitCounter({
    store,
    flushIntervalMs: 10_000,
    onError: (error) => errors.push(error),
  })
  counter.hit([check('k', 100)])
  counter.hit([check('k', 100)])
  await counter.flush()
  expect(errors).toHaveLength(1)
  counter.hit([check('k', 100)])
  await counter.flush()
  expect(written).toEqual([3])
  await counter.stop()
})
