import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { LatchDb } from './LatchDb.ts'
import { splitSqlStatements } from './splitSqlStatements.ts'

/** Where the migration files live: `NNNN_name.sql`, applied in name order. */
export const migrationsDir = path.resolve(import.meta.dirname, 'migrations')

/** Any fixed number: every Latch process takes the same advisory lock around a migration. */
const migrationLockKey = 7_410_151

export type MigrateParameters = {
  /** Defaults to `migrationsDir`. */
  dir?: string | undefined
}

export type MigrateReturnType = {
  /** The files applied by this call (already applied ones are skipped). */
  applied: string[]
}

/**
 * Applies the pending migration files, each in its own transaction, recording each in
 * `latch_migrations`. Every transaction first takes one advisory lock, so API processes
 * starting together against one PostgreSQL apply each file once and never race.
 */
export async function migrate(
  db: LatchDb,
  { dir = migrationsDir }: MigrateParameters = {},
): Promise<MigrateReturnType> {
  const names = (await readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort()
  const applied: string[] = []
  for (const name of names) {
    const statements = splitSqlStatements(await readFile(path.join(dir, name), 'utf8'))
    const didApply = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${migrationLockKey})`)
      await tx.execute(sql`
        CREATE TABLE IF NOT EXISTS latch_migrations (
          name text PRIMARY KEY,
          applied_at timestamptz NOT NULL DEFAULT now()
        )
      `)
      const done = await tx.execute(sql`SELECT 1 FROM latch_migrations WHERE name = ${name}`)
      if (done.rows.length > 0) return false
      for (const statement of statements) await tx.execute(sql.raw(statement))
      await tx.execute(sql`INSERT INTO latch_migrations (name) VALUES (${name})`)
      return true
    })
    if (didApply) applied.push(name)
  }
  return { applied }
}
