import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { migrate, migrationsDir } from './migrate.ts'
import { forEachDatabase } from './testing.ts'

let extraDir: string
beforeAll(async () => {
  extraDir = await mkdtemp(path.join(tmpdir(), 'latch-migrations-'))
})
afterAll(async () => {
  await rm(extraDir, { recursive: true, force: true })
})

forEachDatabase(
  'migrate',
  (context) => {
    test('applies every file once, in order, and records it', async () => {
      const first = await migrate(context.db)
      expect(first.applied).toEqual(expect.arrayContaining(['0001_projects.sql', '0002_cache.sql']))
      expect(first.applied).toEqual([...first.applied].sort())
      expect(await migrate(context.db)).toEqual({ applied: [] })
      const recorded = await context.db.execute<{ name: string }>(
        sql`SELECT name FROM latch_migrations ORDER BY name`,
      )
      expect(recorded.rows.map((row) => row.name)).toEqual(first.applied)
    })

    test('concurrent runs apply each file once', async () => {
      const dir = path.join(extraDir, context.dialect)
      await rm(dir, { recursive: true, force: true })
      await mkdir(dir)
      await writeFile(
        path.join(dir, '0001_counter.sql'),
        `-- a comment; with a semicolon
        CREATE TABLE migrate_counter (n int);
        INSERT INTO migrate_counter VALUES (1);
        CREATE FUNCTION migrate_twice(x int) RETURNS int AS $$ SELECT x * 2; $$ LANGUAGE sql;`,
      )
      // Two runs at once (one PGlite serializes them; PostgreSQL relies on the advisory lock).
      const results = await Promise.all([
        migrate(context.db, { dir }),
        migrate(context.db, { dir }),
      ])
      expect(results.flatMap((result) => result.applied)).toEqual(['0001_counter.sql'])
      const rows = await context.db.execute<{ n: number }>(
        sql`SELECT migrate_twice(n) AS n FROM migrate_counter`,
      )
      expect(rows.rows).toEqual([{ n: 2 }])
    })

    test('a failing file is rolled back and not recorded', async () => {
      const dir = path.join(extraDir, `${context.dialect}-bad`)
      await mkdir(dir, { recursive: true })
      await writeFile(
        path.join(dir, '0001_bad.sql'),
        'CREATE TABLE half_done (n int);\nSELECT * FROM no_such_table;',
      )
      await expect(migrate(context.db, { dir })).rejects.toThrow()
      const tables = await context.db.execute(
        sql`SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`,
      )
      expect(tables.rows).toEqual([])
      const recorded = await context.db.execute(
        sql`SELECT 1 FROM latch_migrations WHERE name = '0001_bad.sql'`,
      )
      expect(recorded.rows).toEqual([])
    })
  },
  { migrate: false },
)

test('the migration files are numbered NNNN_name.sql', async () => {
  for (const name of await readdir(migrationsDir)) expect(name).toMatch(/^\d{4}_[\w-]+\.sql$/)
})
