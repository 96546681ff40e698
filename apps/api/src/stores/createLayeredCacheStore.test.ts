import { describe, expect, test } from 'vitest'
import type { CacheStore } from './cacheStore.ts'
import { createLayeredCacheStore } from './createLayeredCacheStore.ts'
import { createMemoryCacheStore } from './createMemoryCacheStore.ts'

/** A shared cache (as the database's) on a moved clock, counting the reads it answers. */
function setup(options: { maxEntries?: number; maxLocalTtlMs?: number } = {}) {
  let time = 1_000_000
  const now = () => time
  const shared = createMemoryCacheStore({ now })
  const reads: string[] = []
  const counted: CacheStore = {
    get: (key) => {
      reads.push(key)
      return shared.get(key)
    },
    getEntry: (key) => {
      reads.push(key)
      return shared.getEntry?.(key) ?? Promise.resolve(undefined)
    },
    set: (key, value, ttlMs) => shared.set(key, value, ttlMs),
    delete: (key) => shared.delete(key),
  }
  const changes: string[] = []
  const cache = createLayeredCacheStore({
    shared: counted,
    now,
    onChange: (key) => changes.push(key),
    ...options,
  })
  return {
    cache,
    shared,
    reads,
    changes,
    advance: (ms: number) => {
      time += ms
    },
  }
}

describe('createLayeredCacheStore', () => {
  test('reads the shared cache once, then answers from memory with a copy each time', async () => {
    const { cache, shared, reads } = setup()
    await shared.set('balance', { eth: '1' }, 30_000)
    const first = await cache.get<{ eth: string }>('balance')
    expect(first).toEqual({ eth: '1' })
    if (first) first.eth = 'changed by a caller'
    expect(await cache.get('balance')).toEqual({ eth: '1' })
    expect(reads).toEqual(['balance'])
    expect(await cache.get('missing')).toBeUndefined()
    expect(await cache.get('missing')).toBeUndefined()
    // A miss is not kept: the shared cache is asked again (another process may store it).
    expect(reads).toEqual(['balance', 'missing', 'missing'])
  })

  test('keeps an entry no longer than it lives in the shared cache', async () => {
    const { cache, shared, reads, advance } = setup()
    await shared.set('balance', 'old', 30_000)
    // Written 20 s ago by another process: 10 s left.
    advance(20_000)
    expect(await cache.get('balance')).toBe('old')
    advance(9_999)
    expect(await cache.get('balance')).toBe('old')
    expect(reads).toHaveLength(1)
    advance(1)
    expect(await cache.get('balance')).toBeUndefined()
    expect(reads).toHaveLength(2)
  })

  test('asks the shared cache again after maxLocalTtlMs: other processes are seen', async () => {
    const { cache, shared, reads, advance } = setup({ maxLocalTtlMs: 1_000 })
    await cache.set('identity', 'alice', 300_000)
    await shared.set('identity', 'bob', 300_000)
    expect(await cache.get('identity')).toBe('alice')
    advance(1_000)
    expect(await cache.get('identity')).toBe('bob')
    expect(reads).toEqual(['identity'])
  })

  test('writes and deletes go to the shared cache, and are told to onChange', async () => {
    const { cache, shared, changes } = setup()
    await cache.set('name', { name: 'alice' }, 60_000)
    expect(await shared.get('name')).toEqual({ name: 'alice' })
    expect(await cache.get('name')).toEqual({ name: 'alice' })
    await cache.delete('name')
    expect(await shared.get('name')).toBeUndefined()
    expect(await cache.get('name')).toBeUndefined()
    expect(changes).toEqual(['name', 'name'])
    await expect(cache.set('x', 1, 0)).rejects.toThrow(RangeError)
  })

  test('invalidate forgets one key or every key', async () => {
    const { cache, shared, reads } = setup()
    await shared.set('a', 1, 60_000)
    await shared.set('b', 2, 60_000)
    await cache.get('a')
    await cache.get('b')
    await shared.set('a', 10, 60_000)
    await shared.set('b', 20, 60_000)
    cache.invalidate('a')
    expect(await cache.get('a')).toBe(10)
    expect(await cache.get('b')).toBe(2)
    cache.invalidate()
    expect(await cache.get('b')).toBe(20)
    expect(reads).toEqual(['a', 'b', 'a', 'b'])
  })

  test('holds at most maxEntries, dropping the least recently used', async () => {
    const { cache, shared, reads } = setup({ maxEntries: 2 })
    for (const key of ['a', 'b', 'c']) await shared.set(key, key, 60_000)
    await cache.get('a')
    await cache.get('b')
    // `a` used again: `b` is now the least recently used.
    await cache.get('a')
    await cache.get('c')
    reads.length = 0
    await cache.get('a')
    await cache.get('c')
    expect(reads).toEqual([])
    await cache.get('b')
    expect(reads).toEqual(['b'])
  })

  test('identical concurrent misses share one read of the shared cache', async () => {
    const { cache, shared, reads } = setup()
    await shared.set('hot', { n: 1 }, 60_000)
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('hot')))
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ n: 1 })))
    expect(reads).toEqual(['hot'])
  })

  test('a read that started before a write keeps nothing in memory', async () => {
    const { cache, shared, reads } = setup()
    await shared.set('key', 'old', 60_000)
    const reading = cache.get('key')
    await cache.set('key', 'new', 60_000)
    await reading
    expect(await cache.get('key')).toBe('new')
    expect(reads).toEqual(['key'])
  })

  test('refuses bad bounds', () => {
    const shared = createMemoryCacheStore()
    expect(() => createLayeredCacheStore({ shared, maxEntries: 0 })).toThrow(RangeError)
    expect(() => createLayeredCacheStore({ shared, maxLocalTtlMs: 0 })).toThrow(RangeError)
  })
})
