import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../db/openDatabase.ts'
import { parseEnv } from '../env.ts'
import { createDbAnalyticsStore } from '../stores/createDbAnalyticsStore.ts'
import { runAnalyticsCli } from './analytics.ts'

let stateDir: string
const env = () => ({ LATCH_STATE_DIR: stateDir, DATABASE_URL: '' })
const now = new Date('2026-11-24T12:00:00Z')

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-analytics-cli-'))
})
afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true })
})

async function cli(argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAnalyticsCli({
    argv,
    env: env(),
    now,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

test('npm run analytics counts each event per day, newest first, filtered by days and project', async () => {
  expect((await cli([])).out).toMatch(/No analytics events recorded/)

  const database = await openDatabase(parseEnv(env()))
  const at = (iso: string, event: string, projectId = 'shop') => ({
    projectId,
    event,
    properties: {},
    address: null,
    sdkType: null,
    sdkVersion: null,
    occurredAt: new Date(iso),
  })
  await createDbAnalyticsStore({ db: database.db }).insert([
    at('2026-11-24T01:00:00Z', 'MODAL_OPEN'),
    at('2026-11-24T23:59:00Z', 'MODAL_OPEN'),
    at('2026-11-24T10:00:00Z', 'CONNECT_SUCCESS'),
    at('2026-11-23T10:00:00Z', 'MODAL_OPEN'),
    at('2026-11-24T10:00:00Z', 'MODAL_OPEN', 'other'),
    at('2026-10-01T10:00:00Z', 'SEND_SUCCESS'),
  ])
  await database.close()

  const table = await cli([])
  expect(table.code).toBe(0)
  expect(table.out.split('\n')).toEqual([
    'day         event            count',
    '2026-11-24  CONNECT_SUCCESS  1',
    '2026-11-24  MODAL_OPEN       3',
    '2026-11-23  MODAL_OPEN       1',
  ])
  const json = await cli(['--json', '--days', '1', '--project', 'shop'])
  expect(JSON.parse(json.out)).toEqual([
    { day: '2026-11-24', event: 'CONNECT_SUCCESS', count: 1 },
    { day: '2026-11-24', event: 'MODAL_OPEN', count: 2 },
  ])
  expect(JSON.parse((await cli(['--json', '--days', '0'])).out)).toHaveLength(4)
})

test('a bad option is exit code 2 with the usage', async () => {
  const bad = await cli(['--days', 'week'])
  expect(bad.code).toBe(2)
  expect(bad.err).toMatch(/--days takes a whole number of days/)
  expect((await cli(['--nope'])).code).toBe(2)
})
