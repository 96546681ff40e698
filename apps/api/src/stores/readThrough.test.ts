import { expect, test } from 'vitest'
import { createMemoryCacheStore } from './createMemoryCacheStore.ts'
import { readThrough } from './readThrough.ts'

test('concurrent misses of one key load once; the value is cached for ttlMs', async () => {
  let time = 0
  const cache = createMemoryCacheStore({ now: () => time })
  let loads = 0
  const load = async () => {
    loads++
    await new Promise((resolve) => setTimeout(resolve, 5))
    return { native: String(loads) }
  }
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => readThrough(cache, { key: 'k', ttlMs: 1_000, load })),
  )
  expect(answers).toEqual(Array.from({ length: 10 }, () => ({ native: '1' })))
  expect(loads).toBe(1)
  expect(await readThrough(cache, { key: 'k', ttlMs: 1_000, load })).toEqual({ native: '1' })
  expect(loads).toBe(1)
  // Another key loads on its own.
  await readThrough(cache, { key: 'other', ttlMs: 1_000, load })
  expect(loads).toBe(2)
  time += 1_000
  expect(await readThrough(cache, { key: 'k', ttlMs: 1_000, load })).toEqual({ native: '3' })
})

test('a failed load is not cached: every waiter sees the error, the next call loads again', async () => {
  const cache = createMemoryCacheStore()
  let calls = 0
  const failing = async () => {
    calls++
    await new Promise((resolve) => setTimeout(resolve, 5))
    throw new Error('node down')
  }
  const results = await Promise.allSettled([
    readThrough(cache, { key: 'k', ttlMs: 1_000, load: failing }),
    readThrough(cache, { key: 'k', ttlMs: 1_000, load: failing }),
  ])
  expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
  expect(calls).toBe(1)
  expect(await readThrough(cache, { key: 'k', ttlMs: 1_000, load: async () => 'ok' })).toBe('ok')
})

test('onTtl tells how long the value answered stays fresh: the entry life left, or ttlMs when loaded', async () => {
  let time = 0
  const cache = createMemoryCacheStore({ now: () => time })
  const told: number[] = []
  const read = () =>
    readThrough(cache, {
      key: 'k',
      ttlMs: 30_000,
      load: async () => ({ at: time }),
      onTtl: (ttlMs) => told.push(ttlMs),
    })
  expect(await read()).toEqual({ at: 0 })
  time = 12_000
  expect(await read()).toEqual({ at: 0 })
  time = 30_000
  expect(await read()).toEqual({ at: 30_000 })
  expect(told).toEqual([30_000, 18_000, 30_000])

  // A cache that cannot tell an entry's life left: a hit is told as 0 (not to be kept longer).
  const { getEntry: _, ...withoutEntries } = createMemoryCacheStore()
  const plain: typeof withoutEntries = withoutEntries
  const plainTold: number[] = []
  for (let index = 0; index < 2; index++)
    await readThrough(plain, {
      key: 'k',
      ttlMs: 1_000,
      load: async () => 1,
      onTtl: (ttlMs) => plainTold.push(ttlMs),
    })
  expect(plainTold).toEqual([1_000, 0])
})
