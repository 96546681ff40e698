import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { DatabaseUnavailableError } from '../errors/database.ts'
import type { LatchDb } from './LatchDb.ts'
import { lockDataDir } from './lockDataDir.ts'
import { migrate } from './migrate.ts'
import * as schema from './schema/index.ts'

export type {
  LatchDb,
  LatchQueryResult,
  LatchQueryResultHKT,
  LatchTransaction,
} from './LatchDb.ts'

export type Database = {
  db: LatchDb
  /** `pglite`: embedded, one process only; `postgres`: a server shared by every API process. */
  dialect: 'pglite' | 'postgres'
  close(): Promise<void>
}

export type CreateDatabaseParameters = {
  /** A `postgres://` URL: use that server (through a pg Pool) instead of PGlite. */
  databaseUrl?: string | undefined
  /** The PGlite data directory, or `memory://` for a throwaway database. Ignored with a URL. */
  dataDir?: string | undefined
  /** Apply pending `migrations/*.sql` before returning (default true). */
  migrate?: boolean | undefined
  /** Where the migration files are (default `migrationsDir`; tests use their own). */
  migrationsDir?: string | undefined
  /** Connections in the PostgreSQL pool (default 10). */
  maxConnections?: number | undefined
  /** PostgreSQL: how long opening a connection (or waiting for a free one) may take (5000 ms). */
  connectTimeoutMs?: number | undefined
  /** PostgreSQL: how long one statement may run before the server cancels it (10000 ms). */
  statementTimeoutMs?: number | undefined
  /** PostgreSQL: how long an unused connection stays in the pool (30000 ms). */
  idleTimeoutMs?: number | undefined
}

/** The pool settings when the caller sets none (LATCH_DB_* in env.ts has the same defaults). */
export const defaultPoolSettings = {
  maxConnections: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
} as const

/**
 * Opens the API's database and applies pending migrations: PostgreSQL when `databaseUrl` is
 * set, otherwise an embedded PGlite in `dataDir`. Throws `DatabaseUnavailableError` when it
 * cannot be opened (server down, bad credentials, PGlite data directory in use).
 */
export async function createDatabase(parameters: CreateDatabaseParameters): Promise<Database> {
  const { databaseUrl } = parameters
  const connectTimeoutMs = parameters.connectTimeoutMs ?? defaultPoolSettings.connectTimeoutMs
  const database = databaseUrl
    ? await openPostgres(databaseUrl, {
        max: parameters.maxConnections ?? defaultPoolSettings.maxConnections,
        connectTimeoutMs,
        statementTimeoutMs: parameters.statementTimeoutMs ?? defaultPoolSettings.statementTimeoutMs,
        idleTimeoutMs: parameters.idleTimeoutMs ?? defaultPoolSettings.idleTimeoutMs,
      })
    : await openPglite(parameters.dataDir)
  const dir = parameters.migrationsDir
  if (parameters.migrate !== false)
    try {
      // On PostgreSQL over a connection of its own, free of the request timeouts: a migration
      // of a large table may rightly run for minutes.
      if (databaseUrl) await migrateWithoutTimeouts(databaseUrl, { connectTimeoutMs, dir })
      else await migrate(database.db, { dir })
    } catch (error) {
      await database.close().catch(() => {})
      throw error
    }
  return database
}

type PoolSettings = {
  max: number
  connectTimeoutMs: number
  statementTimeoutMs: number
  idleTimeoutMs: number
}

async function openPostgres(databaseUrl: string, settings: PoolSettings): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: settings.max,
    // Also bounds the wait for a free connection: a saturated or unreachable server fails the
    // query (answered 503) instead of queueing requests without end.
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    // The server cancels a longer statement; the client gives up a little later in case the
    // server (or the network to it) does not answer at all.
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.statementTimeoutMs + 2_000,
    keepAlive: true,
  })
  // A connection dropped by the server (a restart, an outage) must not crash the process: an
  // idle one reports on the pool, a checked-out one between queries on itself. The next query
  // checks out a fresh connection, or fails, and that failure is answered where it happens.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  try {
    const client = await pool.connect()
    client.release()
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseUnavailableError({ target: redactUrl(databaseUrl), cause: error })
  }
  let closing: Promise<void> | undefined
  return {
    db: drizzleNodePostgres({ client: pool, schema }),
    dialect: 'postgres',
    close: () => {
      closing ??= pool.end()
      return closing
    },
  }
}

async function migrateWithoutTimeouts(
  databaseUrl: string,
  { connectTimeoutMs, dir }: { connectTimeoutMs: number; dir: string | undefined },
): Promise<void> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    connectionTimeoutMillis: connectTimeoutMs,
  })
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  try {
    await migrate(drizzleNodePostgres({ client: pool, schema }), { dir })
  } finally {
    await pool.end().catch(() => {})
  }
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (!dataDir) throw new Error('createDatabase needs a databaseUrl or a dataDir.')
  let unlock = async () => {}
  if (!dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true })
    unlock = await lockDataDir(dataDir)
  }
  let client: PGlite
  try {
    client = await PGlite.create(dataDir)
  } catch (error) {
    await unlock()
    throw new DatabaseUnavailableError({ target: dataDir, cause: error })
  }
  let closing: Promise<void> | undefined
  return {
    db: drizzlePglite({ client, schema }),
    dialect: 'pglite',
    close: () => {
      closing ??= client.close().finally(unlock)
      return closing
    },
  }
}

/** The URL without its password, for messages. */
function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    if (url.password) url.password = '***'
    return url.toString()
  } catch {
    return 'the DATABASE_URL server'
  }
}
