import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '../db/openDatabase.ts'
import { createPostgresTestDatabase, testDatabaseUrl } from '../db/testing.ts'
import { createDbSdkUsageStore } from '../stores/createDbSdkUsageStore.ts'
import { runProjectsCli } from './projects.ts'

let stateDir: string
beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-projects-cli-'))
})
afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true })
})

/** Runs the CLI and collects what it prints. */
async function cli(argv: string[], env: Record<string, string>) {
  const out: string[] = []
  const err: string[] = []
  const code = await runProjectsCli({
    argv,
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('npm run projects (PGlite)', () => {
  const env = () => ({ LATCH_STATE_DIR: stateDir, DATABASE_URL: '' })

  test('creates a project, printing its id, and lists it', async () => {
    const created = await cli(
      [
        'create',
        '--name',
        'My app',
        '--origin',
        'https://app.example.com',
        '--origin',
        'https://*.example.com',
      ],
      env(),
    )
    expect(created).toMatchObject({ code: 0, err: '' })
    expect(created.out).toMatch(/^[0-9a-f]{32}$/)

    const listed = await cli(['list'], env())
    expect(listed.code).toBe(0)
    expect(listed.out).toContain(`${created.out}  My app`)
    expect(listed.out).toContain('origins: https://app.example.com, https://*.example.com')

    const json = await cli(['list', '--json'], env())
    expect(JSON.parse(json.out)).toMatchObject([
      {
        id: created.out,
        name: 'My app',
        allowedOrigins: ['https://app.example.com', 'https://*.example.com'],
      },
    ])
  })

  test('usage prints the SDK counts per project and day the API recorded', async () => {
    const database = await openDatabase({ LATCH_STATE_DIR: stateDir, DATABASE_URL: undefined })
    try {
      await createDbSdkUsageStore({ db: database.db }).add([
        { projectId: 'p1', day: '2026-11-24', sdkType: 'latch', sdkVersion: '0.0.0', count: 7 },
        { projectId: 'p2', day: '2026-11-23', sdkType: 'appkit', sdkVersion: '1.7.0', count: 2 },
      ])
    } finally {
      await database.close()
    }
    const listed = await cli(['usage'], env())
    expect(listed).toMatchObject({ code: 0, err: '' })
    expect(listed.out).toMatchInlineSnapshot(`
      "day         project                           sdk                 requests
      2026-11-24  p1                                latch@0.0.0         7
      2026-11-23  p2                                appkit@1.7.0        2"
    `)
    const one = await cli(['usage', '--project', 'p2', '--json'], env())
    expect(JSON.parse(one.out)).toEqual([
      { projectId: 'p2', day: '2026-11-23', sdkType: 'appkit', sdkVersion: '1.7.0', count: 2 },
    ])
    expect((await cli(['list', '--project', 'p2'], env())).code).toBe(2)
  })

  test('bad input is refused before the database is opened', async () => {
    const noName = await cli(['create', '--origin', 'https://app.example.com'], env())
    expect(noName).toMatchObject({ code: 1, out: '' })
    expect(noName.err).toMatchInlineSnapshot(`"A project name is required (--name "My app")."`)
    const badOrigins = await cli(
      ['create', '--name', 'x', '--origin', 'app.example.com', '--origin', 'https://a.test/path'],
      env(),
    )
    expect(badOrigins.code).toBe(1)
    expect(badOrigins.err).toMatchInlineSnapshot(`
      "The project is invalid.
      "app.example.com" is not an origin pattern: expected one like "https://app.example.com", "https://*.example.com" or "http://localhost:*".
      "https://a.test/path" is not an origin pattern: expected one like "https://app.example.com", "https://*.example.com" or "http://localhost:*"."
    `)
    expect((await cli(['remove'], env())).code).toBe(2)
    expect((await cli(['create', '--nmae', 'x'], env())).code).toBe(2)
  })

  test('a data directory in use by the API is named, with what to do', async () => {
    const database = await openDatabase({ LATCH_STATE_DIR: stateDir, DATABASE_URL: undefined })
    try {
      const result = await cli(['list'], env())
      expect(result.code).toBe(1)
      expect(
        result.err.replaceAll(stateDir, '<state>').replace(/process \d+/, 'process <pid>'),
      ).toMatchInlineSnapshot(`
        "The database in "<state>/pgdata" is in use by process <pid>.
        Stop the API (npm start) first, or set DATABASE_URL to use PostgreSQL.
        PGlite, the embedded database, can be open in one process at a time."
      `)
    } finally {
      await database.close()
    }
    expect((await cli(['list'], env())).code).toBe(0)
  })
})

describe.skipIf(!testDatabaseUrl)('npm run projects (PostgreSQL)', () => {
  test('creates and lists through DATABASE_URL', async () => {
    const { url, drop } = await createPostgresTestDatabase()
    try {
      const env = { DATABASE_URL: url, LATCH_STATE_DIR: stateDir }
      const created = await cli(['create', '--name', 'Shared', '--origin', 'https://a.test'], env)
      expect(created.code).toBe(0)
      expect((await cli(['list'], env)).out).toContain(`${created.out}  Shared`)
    } finally {
      await drop()
    }
  })
})
