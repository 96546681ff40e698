import { describe, expect, test } from 'vitest'
import { type AnswerCache, type AnswerLoad, createAnswerCache } from './createAnswerCache.ts'

/** The cache with its answers read back as text (it keeps and returns UTF-8 bytes). */
const readingText = (cache: AnswerCache) => ({
  ...cache,
  read: async (key: string, load: () => Promise<AnswerLoad>) =>
    new TextDecoder().decode(await cache.read(key, load)),
})

describe('createAnswerCache', () => {
  test('answers a repeated key from memory until the TTL ends (1 s with several processes)', async () => {
    let clock = 0
    const cache = readingText(createAnswerCache({ ttlMs: 1_000, now: () => clock }))
    let loads = 0
    const load = async () => ({ value: { n: ++loads }, cacheable: true })
    expect(await cache.read('a', load)).toBe('{"n":1}')
    clock = 999
    expect(await cache.read('a', load)).toBe('{"n":1}')
    clock = 1_000
    expect(await cache.read('a', load)).toBe('{"n":2}')
    expect(loads).toBe(2)
  })

  test('identical misses share one load; a failed load is not kept', async () => {
    const cache = readingText(createAnswerCache())
    let loads = 0
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const load = async () => {
      loads++
      await gate
      return { value: [loads], cacheable: true }
    }
    const reads = [cache.read('k', load), cache.read('k', load), cache.read('k', load)]
    release()
    expect(await Promise.all(reads)).toEqual(['[1]', '[1]', '[1]'])
    expect(loads).toBe(1)
    await expect(
      cache.read('bad', async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down')
    expect(await cache.read('bad', async () => ({ value: 'ok', cacheable: true }))).toBe('"ok"')
  })

  test('invalidate forgets answers and loads in flight (they may have read before the write)', async () => {
    const cache = readingText(createAnswerCache())
    let version = 1
    const load = async () => ({ value: version, cacheable: true })
    expect(await cache.read('k', load)).toBe('1')
    version = 2
    expect(await cache.read('k', load)).toBe('1')
    cache.invalidate()
    expect(await cache.read('k', load)).toBe('2')

    // A request after the write does not join the load that started before it.
    await expectInFlightLoadDropped(cache, () => cache.invalidate())
  })

  test('an answer with something missing is not kept', async () => {
    const cache = readingText(createAnswerCache())
    let loads = 0
    const load = async () => ({ value: ++loads, cacheable: loads > 1 })
    expect(await cache.read('k', load)).toBe('1')
    expect(await cache.read('k', load)).toBe('2')
    expect(await cache.read('k', load)).toBe('2')
  })

  test('an answer lives no longer than the load says (what it was built from expires first)', async () => {
    let clock = 0
    const cache = readingText(createAnswerCache({ ttlMs: 5_000, now: () => clock }))
    let loads = 0
    const load = (ttlMs: number | undefined) => async () => ({
      value: ++loads,
      cacheable: true,
      ttlMs,
    })
    expect(await cache.read('short', load(1_200))).toBe('1')
    clock = 1_199
    expect(await cache.read('short', load(1_200))).toBe('1')
    clock = 1_200
    expect(await cache.read('short', load(10_000))).toBe('2')
    // Never past the cache's own TTL, however long the load allows.
    clock = 6_199
    expect(await cache.read('short', load(10_000))).toBe('2')
    clock = 6_200
    expect(await cache.read('short', load(0))).toBe('3')
    // A life of 0 (already expired inputs) is served but not kept.
    expect(await cache.read('short', load(0))).toBe('4')
  })

  test('forget drops one answer and the loads of it in flight, and no other', async () => {
    const cache = readingText(createAnswerCache())
    let version = 1
    const load = async () => ({ value: version, cacheable: true })
    expect(await cache.read('a', load)).toBe('1')
    expect(await cache.read('b', load)).toBe('1')
    version = 2
    cache.forget('a')
    expect(await cache.read('a', load)).toBe('2')
    expect(await cache.read('b', load)).toBe('1')

    await expectInFlightLoadDropped(cache, () => cache.forget('slow'))
  })

  test('stays within its entries and bytes, dropping the least recently used', async () => {
    const byCount = readingText(createAnswerCache({ maxEntries: 2 }))
    const value = (v: string) => async () => ({ value: v, cacheable: true })
    await byCount.read('a', value('a'))
    await byCount.read('b', value('b'))
    await byCount.read('a', value('x')) // a is now the most recent
    await byCount.read('c', value('c'))
    expect(byCount.stats().entries).toBe(2)
    expect(await byCount.read('a', value('new'))).toBe('"a"')
    expect(await byCount.read('b', value('new'))).toBe('"new"')

    // 1,000 bytes: answers of ~100 bytes (8 per key at most 125 bytes), about 9 fit.
    const byBytes = readingText(createAnswerCache({ maxBytes: 1_000 }))
    for (let index = 0; index < 50; index++)
      await byBytes.read(`key${index}`, value('x'.repeat(90)))
    expect(byBytes.stats().bytes).toBeLessThanOrEqual(1_000)
    expect(byBytes.stats().entries).toBeGreaterThan(5)
    expect(await byBytes.read('key49', value('other'))).toBe(`"${'x'.repeat(90)}"`)
    // An answer over an eighth of the bound is served but never kept.
    await byBytes.read('big', value('y'.repeat(200)))
    expect(await byBytes.read('big', value('small'))).toBe('"small"')
  })

  test('rejects bounds that are not positive', () => {
    expect(() => createAnswerCache({ ttlMs: 0 })).toThrow('ttlMs must be a positive number')
    expect(() => createAnswerCache({ maxEntries: 0 })).toThrow('maxEntries must be a positive')
    expect(() => createAnswerCache({ maxBytes: -1 })).toThrow('maxBytes must be a positive')
  })
})

/**
 * A load of 'slow' is in flight when `drop` runs: the request after it does not join that load,
 * and the answer kept is the later one.
 */
async function expectInFlightLoadDropped(cache: ReturnType<typeof readingText>, drop: () => void) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const early = cache.read('slow', async () => {
    await gate
    return { value: 'before', cacheable: true }
  })
  drop()
  const late = cache.read('slow', async () => ({ value: 'after', cacheable: true }))
  release()
  expect(await early).toBe('"before"')
  expect(await late).toBe('"after"')
  expect(await cache.read('slow', async () => ({ value: 'again', cacheable: true }))).toBe(
    '"after"',
  )
}
