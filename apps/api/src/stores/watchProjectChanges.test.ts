import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { createPostgresTestDatabase, testDatabaseUrl } from '../db/testing.ts'
import { createDbProjectStore } from './createDbProjectStore.ts'
import { type ProjectChangesWatch, watchProjectChanges } from './watchProjectChanges.ts'

/** Resolves once `check` holds, polling every 10 ms; fails after `timeoutMs`. */
async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

test('on PGlite (one process) there is nothing to watch', async () => {
  const database = await createDatabase({ dataDir: 'memory://', migrate: true })
  try {
    expect(watchProjectChanges({ db: database.db, onChange: () => {} })).toBeUndefined()
    // The store's writes notify on PGlite too, harmlessly.
    const store = createDbProjectStore({ db: database.db })
    await store.upsert({ id: 'one', name: 'One' })
    expect(await store.ensure({ id: 'one', name: 'Other' })).toMatchObject({ name: 'One' })
  } finally {
    await database.close()
  }
})

describe.skipIf(!testDatabaseUrl)('watchProjectChanges on PostgreSQL', () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>
  /** The API process that listens, and a second one (or the CLI) that writes. */
  let listener: Database
  let writer: Database
  let admin: pg.Client
  let watch: ProjectChangesWatch | undefined
  const calls: (string | undefined)[] = []
  const errors: unknown[] = []

  const listeningBackends = async () =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'latch-project-watch'`,
      )
    ).rows

  beforeAll(async () => {
    created = await createPostgresTestDatabase()
    listener = await createDatabase({ databaseUrl: created.url, migrate: true, maxConnections: 2 })
    writer = await createDatabase({ databaseUrl: created.url, migrate: false, maxConnections: 2 })
    admin = new pg.Client({ connectionString: created.url })
    await admin.connect()
  })

  afterEach(async () => {
    await watch?.stop()
    calls.length = 0
    errors.length = 0
  })

  afterAll(async () => {
    await admin?.end()
    await listener?.close()
    await writer?.close()
    await created?.drop()
  })

  const start = async () => {
    watch = watchProjectChanges({
      db: listener.db,
      onChange: (id) => calls.push(id),
      onError: (error) => errors.push(error),
      minRetryMs: 20,
      maxRetryMs: 100,
    })
    expect(await watch?.ready).toBe(true)
    // Opening the connection forgets everything: what changed before was not heard.
    expect(calls).toEqual([undefined])
    calls.length = 0
  }

  test('hears every committed write of another process, with the project id', async () => {
    await start()
    const store = createDbProjectStore({ db: writer.db })
    await store.upsert({ id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.test'] })
    await until(() => calls.length === 1, 'the create')
    await store.upsert({ id: 'shop', name: 'Shop', allowedOrigins: ['https://new.shop.test'] })
    await store.ensure({ id: 'seeded', name: 'Seeded' })
    // Ensuring a project that exists changes nothing and says nothing.
    await store.ensure({ id: 'shop', name: 'Configured' })
    await until(() => calls.length >= 3, 'the change and the seed')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(calls).toEqual(['shop', 'shop', 'seeded'])

    // A write that fails (here the notification itself: its payload is over 8000 bytes) is
    // rolled back whole, and nobody hears of it.
    const tooLong = 'x'.repeat(9_000)
    await expect(store.upsert({ id: tooLong, name: 'Too long' })).rejects.toThrow()
    expect(await store.get(tooLong)).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(calls).toEqual(['shop', 'shop', 'seeded'])
    expect(errors).toEqual([])
  })

  test('a lost connection is reopened, forgets everything, and hears again', async () => {
    await start()
    const [backend] = await listeningBackends()
    expect(backend).toBeDefined()
    await admin.query('SELECT pg_terminate_backend($1)', [backend?.pid])
    await until(() => errors.length > 0, 'the loss to be reported')
    await until(() => calls.includes(undefined), 'the reopened connection')
    calls.length = 0
    await createDbProjectStore({ db: writer.db }).upsert({ id: 'after', name: 'After' })
    await until(() => calls.includes('after'), 'a notification after reconnecting')
    expect(await listeningBackends()).toHaveLength(1)
  })

  test('stop closes the connection and stops retrying', async () => {
    await start()
    expect(await listeningBackends()).toHaveLength(1)
    await watch?.stop()
    const deadline = Date.now() + 5_000
    while ((await listeningBackends()).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await listeningBackends()).toHaveLength(0)
    await createDbProjectStore({ db: writer.db }).upsert({ id: 'unheard', name: 'Unheard' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(calls).toEqual([])
    expect(errors).toEqual([])
  })
})
