import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { startTcpProxy } from '../db/testing/startTcpProxy.ts'
import {
  type CreatePostgresTestDatabaseReturnType,
  createPostgresTestDatabase,
  testDatabaseUrl,
} from '../db/testing.ts'
import { createLeadership, type Lease } from './createLeadership.ts'
import { waitFor } from './testing/waitFor.ts'

// Runs in `npm test`, which starts a PostgreSQL and sets LATCH_TEST_DATABASE_URL.
describe.skipIf(!testDatabaseUrl)('leases on PostgreSQL', () => {
  let created: CreatePostgresTestDatabaseReturnType
  let database: Database
  beforeAll(async () => {
    created = await createPostgresTestDatabase()
    // A pool of two: any lease holding a connection would starve the queries below.
    database = await createDatabase({ databaseUrl: created.url, maxConnections: 2 })
  })
  afterAll(async () => {
    await database?.close()
    await created?.drop()
  })

  test('leases hold no pool connection: with a pool of 2 and 6 chains led, queries still run', async () => {
    const leadership = createLeadership(database.db, { leaseTtlMs: 300 })
    const leases: Lease[] = []
    for (let chainId = 1; chainId <= 6; chainId++) {
      const lease = await leadership.acquire(chainId)
      if (!lease) throw new Error(`No lease for chain ${chainId}.`)
      leases.push(lease)
    }
    const pool = (database.db as unknown as { $client: pg.Pool }).$client
    expect(pool.totalCount).toBeLessThanOrEqual(2)
    expect(pool.idleCount).toBe(pool.totalCount)
    // Several heartbeats later, queries of the API still get connections at once.
    await new Promise((resolve) => setTimeout(resolve, 400))
    const started = performance.now()
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) => database.db.execute(sql`SELECT ${n}::int AS n`)),
    )
    expect(results.map((result) => result.rows[0])).toEqual(
      Array.from({ length: 8 }, (_, n) => ({ n })),
    )
    expect(performance.now() - started).toBeLessThan(2_000)
    for (const lease of leases) expect(await lease.check()).toBe(true)
    for (const lease of leases) await lease.release()
    const rows = await database.db.execute(sql`SELECT 1 FROM indexer_leases`)
    expect(rows.rows).toEqual([])
  })

  test('one leader per chain; a standby takes the chain once the leader releases it', async () => {
    const first = createLeadership(database.db, { holder: 'first' })
    const second = createLeadership(database.db, { holder: 'second' })
    const lease = await first.acquire(7)
    expect(lease).toBeDefined()
    expect(await first.acquire(7)).toBeUndefined()
    expect(await second.acquire(7)).toBeUndefined()
    // Another chain is free for the second one.
    const other = await second.acquire(8)
    expect(other).toBeDefined()
    await lease?.release()
    expect(await lease?.check()).toBe(false)
    const takeover = await second.acquire(7)
    expect(await takeover?.check()).toBe(true)
    await takeover?.release()
    await other?.release()
  })

  test('a leader cut off from the database loses its lease cleanly, and another takes over', async () => {
    const target = new URL(created.url)
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) })
    const viaProxy = new URL(created.url)
    viaProxy.port = String(proxy.port)
    const cutOff = await createDatabase({
      databaseUrl: viaProxy.toString(),
      maxConnections: 2,
      connectTimeoutMs: 500,
    })
    try {
      const ttl = 600
      const leader = createLeadership(cutOff.db, { leaseTtlMs: ttl, holder: 'cut-off' })
      const standby = createLeadership(database.db, { leaseTtlMs: ttl, holder: 'standby' })
      const lease = await leader.acquire(9)
      if (!lease) throw new Error('No lease.')
      await proxy.down()
      const lostFrom = performance.now()
      // Until its lease expires, the leader still leads and nobody else may.
      expect(await standby.acquire(9)).toBeUndefined()
      await waitFor(async () => !(await lease.check()), { message: 'the lease lost' })
      expect(performance.now() - lostFrom).toBeLessThan(ttl + 200)
      const takeover = await waitFor(() => standby.acquire(9), { message: 'the takeover' })
      // Back online, the old leader neither regains the chain nor removes the new lease.
      await proxy.up()
      await lease.release()
      expect(await leader.acquire(9)).toBeUndefined()
      const holder = await database.db.execute<{ holder: string }>(
        sql`SELECT holder FROM indexer_leases WHERE chain_id = 9`,
      )
      expect(holder.rows).toEqual([{ holder: 'standby' }])
      expect(await takeover.check()).toBe(true)
      await takeover.release()
    } finally {
      await cutOff.close()
      await proxy.close()
    }
  })
})
