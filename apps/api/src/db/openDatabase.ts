import path from 'node:path'
import type { Env } from '../env.ts'
import { createDatabase, type Database } from './createDatabase.ts'

/** Where the embedded database lives inside a state directory. */
export function getPgliteDataDir(stateDir: string): string {
  return path.join(stateDir, 'pgdata')
}

/**
 * Opens (and migrates) the database the environment names: PostgreSQL at DATABASE_URL, or
 * PGlite in `<LATCH_STATE_DIR>/pgdata`. Used by the API and the projects CLI.
 */
export function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'LATCH_STATE_DIR'> & Partial<Pick<Env, DatabasePoolSetting>>,
): Promise<Database> {
  return createDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: getPgliteDataDir(env.LATCH_STATE_DIR),
    maxConnections: env.LATCH_DB_POOL_SIZE,
    connectTimeoutMs: env.LATCH_DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.LATCH_DB_STATEMENT_TIMEOUT_MS,
    idleTimeoutMs: env.LATCH_DB_IDLE_TIMEOUT_MS,
  })
}

/** The LATCH_DB_* settings of the PostgreSQL pool (defaults in env.ts). */
type DatabasePoolSetting =
  | 'LATCH_DB_POOL_SIZE'
  | 'LATCH_DB_CONNECT_TIMEOUT_MS'
  | 'LATCH_DB_STATEMENT_TIMEOUT_MS'
  | 'LATCH_DB_IDLE_TIMEOUT_MS'

/** Where the database is, for logs: the PGlite directory or the server without credentials. */
export function describeDatabase(env: Pick<Env, 'DATABASE_URL' | 'LATCH_STATE_DIR'>): string {
  if (!env.DATABASE_URL) return `PGlite in ${getPgliteDataDir(env.LATCH_STATE_DIR)}`
  try {
    const url = new URL(env.DATABASE_URL)
    return `PostgreSQL at ${url.host}${url.pathname}`
  } catch {
    return 'PostgreSQL'
  }
}
