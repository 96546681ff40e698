import { expect, test } from 'vitest'
import { forEachDatabase } from '../db/testing.ts'
import { createDbSdkUsageStore } from './createDbSdkUsageStore.ts'
import { createSdkUsageCounter } from './createSdkUsageCounter.ts'
import type { SdkUsageRow, SdkUsageStore } from './sdkUsageStore.ts'

const day1 = Date.UTC(2026, 10, 24, 23, 59)
const usage = (projectId: string, sdkVersion = '1.0.0') => ({
  projectId,
  sdkType: 'latch',
  sdkVersion,
})

forEachDatabase('SDK usage counts', (context) => {
  test('two processes add their counts in batches, per project, day, type and version', async () => {
    const store = createDbSdkUsageStore({ db: context.db })
    let time = day1
    const a = createSdkUsageCounter({ store, now: () => time, flushIntervalMs: 60_000 })
    const b = createSdkUsageCounter({ store, now: () => time, flushIntervalMs: 60_000 })
    for (let index = 0; index < 3; index++) a.record(usage('p1'))
    b.record(usage('p1'))
    b.record(usage('p1', '2.0.0'))
    b.record(usage('p2'))
    time += 60_000 // the next UTC day
    a.record(usage('p1'))
    // Nothing written before a flush: no database write per request.
    expect(await store.list()).toEqual([])
    await Promise.all([a.flush(), b.flush()])
    expect(await store.list()).toEqual([
      { projectId: 'p1', day: '2026-11-25', sdkType: 'latch', sdkVersion: '1.0.0', count: 1 },
      { projectId: 'p1', day: '2026-11-24', sdkType: 'latch', sdkVersion: '1.0.0', count: 4 },
      { projectId: 'p1', day: '2026-11-24', sdkType: 'latch', sdkVersion: '2.0.0', count: 1 },
      { projectId: 'p2', day: '2026-11-24', sdkType: 'latch', sdkVersion: '1.0.0', count: 1 },
    ])
    expect(await store.list({ projectId: 'p2' })).toHaveLength(1)
    // A second flush adds to the totals.
    a.record(usage('p1'))
    await a.stop()
    await b.stop()
    expect((await store.list({ projectId: 'p1' }))[0]?.count).toBe(2)
  })
})

/** A store that records its batches, failing while `down` is set. */
function recordingStore() {
  const batches: SdkUsageRow[][] = []
  const state = { down: false }
  const store: SdkUsageStore = {
    async add(rows) {
      if (state.down) throw new Error('database down')
      batches.push(rows.map((row) => ({ ...row })))
    },
    list: async () => [],
  }
  return { store, batches, state }
}

test('one batch per flush; bounded keys; counts kept while the database is down', async () => {
  const { store, batches, state } = recordingStore()
  const errors: unknown[] = []
  const counter = createSdkUsageCounter({
    store,
    now: () => day1,
    flushIntervalMs: 60_000,
    maxKeys: 3,
    onError: (error) => errors.push(error),
  })
  // A flood of made-up versions: only 3 combinations are held; known ones still count.
  for (let index = 0; index < 1000; index++) counter.record(usage('p', `0.0.${index}`))
  counter.record(usage('p', '0.0.0'))
  state.down = true
  await counter.flush()
  expect(errors).toHaveLength(1)
  state.down = false
  counter.record(usage('p', '0.0.0'))
  await counter.flush()
  expect(batches).toHaveLength(1)
  expect(batches[0]?.map((row) => [row.sdkVersion, row.count])).toEqual([
    ['0.0.0', 3],
    ['0.0.1', 1],
    ['0.0.2', 1],
  ])
  await counter.stop()
  expect(batches).toHaveLength(1)
})

test('past 20 SDK versions a project and day, new ones count as "other"', async () => {
  const { store, batches } = recordingStore()
  const counter = createSdkUsageCounter({ store, now: () => day1, flushIntervalMs: 60_000 })
  for (let index = 0; index < 25; index++) counter.record(usage('p', `1.0.${index}`))
  counter.record(usage('p', '1.0.0'))
  counter.record(usage('q', '9.9.9'))
  await counter.stop()
  const rows = batches.flat()
  expect(rows).toHaveLength(22)
  expect(rows.find((row) => row.sdkVersion === 'other')).toMatchObject({
    projectId: 'p',
    sdkType: 'other',
    count: 5,
  })
  expect(rows.find((row) => row.sdkVersion === '1.0.0')?.count).toBe(2)
  expect(rows.find((row) => row.projectId === 'q')?.count).toBe(1)
})
