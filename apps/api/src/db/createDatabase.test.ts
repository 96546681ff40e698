import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DatabaseUnavailableError } from '../errors/database.ts'
import { createDatabase, type Database } from './createDatabase.ts'
import { isDatabaseOutage } from './isDatabaseOutage.ts'
import {
  type CreatePostgresTestDatabaseReturnType,
  createPostgresTestDatabase,
  testDatabaseUrl,
} from './testing.ts'

const childScript = path.resolve(import.meta.dirname, 'testing/dataDirChild.ts')

let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'latch-crash-'))
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

test('PGlite killed mid-write reopens with every committed row, also when its pid comes back', async () => {
  const child = spawn(process.execPath, [childScript, 'write', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let committed = 0
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    // Killed while it writes, once enough rows are committed to span several WAL pages.
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        const last = chunk.toString().trim().split('\n').at(-1)
        committed = Number(last?.match(/^committed (\d+)$/)?.[1] ?? committed)
        if (committed >= 100) resolve()
      })
      child.once('exit', (code) => reject(new Error(`The writer exited (${code}): ${output}`)))
    })
  } finally {
    child.kill('SIGKILL')
    await exited
  }
  const seen = committed

  // The lock still names the dead writer. Give it this process's pid, as a container's node
  // (pid 1) finds it after a crash and restart: the start time and token tell it is stale.
  const lockPath = path.join(dataDir, 'latch.lock')
  const lock = JSON.parse(await readFile(lockPath, 'utf8'))
  expect(lock.pid).toBe(child.pid)
  await writeFile(lockPath, JSON.stringify({ ...lock, pid: process.pid }))

  const database = await createDatabase({ dataDir, migrate: false })
  try {
    const rows = await database.db.execute<{ count: number; max: number }>(
      sql`SELECT count(*)::int AS count, max(n) AS max FROM crash_rows`,
    )
    const [row] = rows.rows
    // Every row reported committed is there, with no gap (a row being written may be too).
    expect(row?.count).toBeGreaterThanOrEqual(seen)
    expect(row?.max).toBe(row?.count)
    // And the database takes writes again.
    await database.db.execute(sql`INSERT INTO crash_rows (n, data) VALUES (100000, 'after')`)
  } finally {
    await database.close()
  }
}, 60_000)

test('a server that accepts but never answers fails the open within the connect timeout', async () => {
  const sockets: net.Socket[] = []
  const silent = net.createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const { port } = silent.address() as net.AddressInfo
  try {
    const started = performance.now()
    const failed = await createDatabase({
      databaseUrl: `postgresql://latch:secret@127.0.0.1:${port}/latch`,
      connectTimeoutMs: 300,
    }).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(DatabaseUnavailableError)
    expect((failed as Error).message).not.toContain('secret')
    expect(performance.now() - started).toBeLessThan(2_000)
  } finally {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  }
})

// Runs in `npm test`, which starts a PostgreSQL and sets LATCH_TEST_DATABASE_URL.
describe.skipIf(!testDatabaseUrl)('the PostgreSQL pool', () => {
  let created: CreatePostgresTestDatabaseReturnType
  let database: Database
  let admin: pg.Client
  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client
  const backends = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    )
    return rows.map((row) => row.pid)
  }
  beforeAll(async () => {
    created = await createPostgresTestDatabase()
    database = await createDatabase({
      databaseUrl: created.url,
      maxConnections: 2,
      statementTimeoutMs: 300,
      idleTimeoutMs: 300,
    })
    admin = new pg.Client({ connectionString: created.url })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
    await database?.close()
    await created?.drop()
  })

  test('opens at most its size of connections, and closes idle ones', async () => {
    // The migrations' connection is closed, but its backend may linger a moment in
    // pg_stat_activity on a loaded machine: start from none.
    await expect.poll(backends, { timeout: 5_000 }).toEqual([])
    const queries = Array.from({ length: 6 }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`))
    expect(pool().totalCount).toBeLessThanOrEqual(2)
    await Promise.all(queries)
    expect((await backends()).length).toBeLessThanOrEqual(2)
    // Idle for 300 ms, then closed (polled: timers run late under load).
    await expect.poll(() => pool().totalCount, { timeout: 5_000 }).toBe(0)
    await expect.poll(backends, { timeout: 5_000 }).toEqual([])
  })

  test('migrations are free of the statement timeout (a large table may take minutes)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'latch-slow-migration-'))
    try {
      await writeFile(path.join(dir, '0001_slow.sql'), 'SELECT pg_sleep(0.5);')
      const slow = await createDatabase({
        databaseUrl: created.url,
        migrationsDir: dir,
        statementTimeoutMs: 200,
      })
      try {
        const applied = await slow.db.execute(
          sql`SELECT 1 FROM latch_migrations WHERE name = '0001_slow.sql'`,
        )
        expect(applied.rows).toHaveLength(1)
        // Requests still have the timeout.
        await expect(slow.db.execute(sql`SELECT pg_sleep(0.5)`)).rejects.toThrow()
      } finally {
        await slow.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('a statement running past the statement timeout is cancelled, as an outage', async () => {
    const started = performance.now()
    const failed = await database.db
      .execute(sql`SELECT pg_sleep(5)`)
      .catch((error: unknown) => error)
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(isDatabaseOutage(failed)).toBe(true)
    // The connection is usable again at once.
    expect((await database.db.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }])
  })

  test('connections killed by the server (idle or checked out) never crash the process', async () => {
    const checkedOut = await pool().connect()
    await database.db.execute(sql`SELECT 1`)
    const pids = await backends()
    expect(pids.length).toBeGreaterThan(0)
    for (const pid of pids) await admin.query('SELECT pg_terminate_backend($1)', [pid])
    // Both kinds report an 'error' event: unhandled, it would end this test process.
    await new Promise((resolve) => setTimeout(resolve, 200))
    checkedOut.release(true)
    expect((await database.db.execute(sql`SELECT 2 AS two`)).rows).toEqual([{ two: 2 }])
  })
})
