import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import { createDatabase, type Database, type LatchDb } from './createDatabase.ts'

/**
 * The PostgreSQL server the storage tests also run against (`npm test` starts one and sets
 * it); unset, they run on PGlite only. Test code, so it reads the environment itself.
 */
export const testDatabaseUrl: string | undefined = process.env.LATCH_TEST_DATABASE_URL || undefined

export type DatabaseTestContext = {
  /** The open database of the current describe block (available from `beforeAll` on). */
  readonly database: Database
  readonly db: LatchDb
  readonly dialect: Database['dialect']
  /** The PostgreSQL URL of this block's own database; undefined on PGlite. */
  readonly url: string | undefined
}

export type ForEachDatabaseOptions = {
  /** Apply the migrations before the tests (default true). */
  migrate?: boolean | undefined
}

/**
 * Declares the describe block `fn` once per database: an in-memory PGlite always, and a
 * fresh PostgreSQL database (created, then dropped) when LATCH_TEST_DATABASE_URL is set.
 * Each block gets its own migrated database, so suites never see each other's rows.
 */
export function forEachDatabase(
  name: string,
  fn: (context: DatabaseTestContext) => void,
  { migrate = true }: ForEachDatabaseOptions = {},
): void {
  const targets: Database['dialect'][] = testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite']
  for (const target of targets)
    describe(`${name} (${target})`, () => {
      let opened: { database: Database; url: string | undefined } | undefined
      let dropDatabase: (() => Promise<void>) | undefined
      const current = () => {
        if (!opened) throw new Error('The test database is opened in beforeAll; use it in tests.')
        return opened
      }
      beforeAll(async () => {
        if (target === 'pglite') {
          opened = {
            database: await createDatabase({ dataDir: 'memory://', migrate }),
            url: undefined,
          }
          return
        }
        const created = await createPostgresTestDatabase()
        dropDatabase = created.drop
        opened = {
          database: await createDatabase({ databaseUrl: created.url, migrate, maxConnections: 4 }),
          url: created.url,
        }
      })
      afterAll(async () => {
        await opened?.database.close()
        await dropDatabase?.()
      })
      fn({
        get database() {
          return current().database
        },
        get db() {
          return current().database.db
        },
        get dialect() {
          return current().database.dialect
        },
        get url() {
          return current().url
        },
      })
    })
}

export type CreatePostgresTestDatabaseReturnType = {
  /** A connection string to the new, empty database. */
  url: string
  /** Drops it, closing any connection still open to it. */
  drop(): Promise<void>
}

/** Creates an empty database named `latch_test_<random>` on the LATCH_TEST_DATABASE_URL server. */
export async function createPostgresTestDatabase(
  serverUrl: string | undefined = testDatabaseUrl,
): Promise<CreatePostgresTestDatabaseReturnType> {
  if (!serverUrl) throw new Error('LATCH_TEST_DATABASE_URL is not set.')
  const name = `latch_test_${randomBytes(6).toString('hex')}`
  await runAdmin(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => runAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

async function runAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
