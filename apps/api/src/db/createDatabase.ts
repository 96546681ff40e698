import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { DatabaseUnavailableError } from '../errors/database.ts'
import { lockDataDir } from './lockDataDir.ts'
import { migrate } from './migrate.ts'
import * as schema from './schema/index.ts'

/**
 * The result shape of `db.execute(sql\`...\`)` common to both drivers: PGlite's `Results` and
 * node-postgres' `QueryResult` both carry `rows`.
 */
export interface LatchQueryResultHKT extends PgQueryResultHKT {
  readonly type: LatchQueryResult<this['row']>
}

/** What `db.execute` resolves to on either driver. */
export type LatchQueryResult<row> = { rows: row[] }

/** The Drizzle database the API's stores take: the same queries run on PGlite and PostgreSQL. */
export type LatchDb = PgDatabase<LatchQueryResultHKT, typeof schema>

/** A transaction inside `db.transaction(async (tx) => ...)`. */
export type LatchTransaction = Parameters<Parameters<LatchDb['transaction']>[0]>[0]

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
  /** Connections in the PostgreSQL pool (default 10). */
  maxConnections?: number | undefined
}

/**
 * Opens the API's database and applies pending migrations: PostgreSQL when `databaseUrl` is
 * set, otherwise an embedded PGlite in `dataDir`. Throws `DatabaseUnavailableError` when it
 * cannot be opened (server down, bad credentials, PGlite data directory in use).
 */
export async function createDatabase(parameters: CreateDatabaseParameters): Promise<Database> {
  const database = parameters.databaseUrl
    ? await openPostgres(parameters.databaseUrl, parameters.maxConnections ?? 10)
    : await openPglite(parameters.dataDir)
  if (parameters.migrate !== false)
    try {
      await migrate(database.db)
    } catch (error) {
      await database.close().catch(() => {})
      throw error
    }
  return database
}

async function openPostgres(databaseUrl: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max })
  // An idle connection dropped by the server must not crash the process; the next query
  // checks out a fresh connection (or fails, and that failure is reported where it happens).
  pool.on('error', () => {})
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
