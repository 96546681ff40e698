import { describe, expect, test } from 'vitest'
import { createCachedProjectStore } from './createCachedProjectStore.ts'
import { createMemoryProjectStore } from './createMemoryProjectStore.ts'
import type { ProjectStore } from './projectStore.ts'

/** A project store counting its reads, behind the cache, on a moved clock. */
function setup(options: { maxEntries?: number } = {}) {
  let time = 0
  const store = createMemoryProjectStore([
    { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example'] },
    { id: 'blog', name: 'Blog' },
    { id: 'wiki', name: 'Wiki' },
  ])
  const reads: string[] = []
  const counted: ProjectStore = {
    ...store,
    get: (id) => {
      reads.push(id)
      return store.get(id)
    },
  }
  const projects = createCachedProjectStore(counted, {
    ttlMs: 5_000,
    now: () => time,
    ...options,
  })
  return {
    projects,
    store,
    reads,
    advance: (ms: number) => {
      time += ms
    },
  }
}

describe('createCachedProjectStore', () => {
  test('reads a project once per ttlMs', async () => {
    const { projects, reads, advance } = setup()
    expect((await projects.get('shop'))?.allowedOrigins).toEqual(['https://shop.example'])
    advance(4_999)
    expect((await projects.get('shop'))?.name).toBe('Shop')
    expect(reads).toEqual(['shop'])
    advance(1)
    await projects.get('shop')
    expect(reads).toEqual(['shop', 'shop'])
  })

  test('sees a change made elsewhere after ttlMs, or at once when invalidated', async () => {
    const { projects, store, advance } = setup()
    await projects.get('shop')
    await store.upsert({ id: 'shop', name: 'Shop', allowedOrigins: ['https://new.example'] })
    expect((await projects.get('shop'))?.allowedOrigins).toEqual(['https://shop.example'])
    projects.invalidate('shop')
    expect((await projects.get('shop'))?.allowedOrigins).toEqual(['https://new.example'])
    await store.upsert({ id: 'shop', name: 'Renamed' })
    await store.upsert({ id: 'blog', name: 'Renamed blog' })
    await projects.get('blog')
    advance(5_000)
    expect((await projects.get('shop'))?.name).toBe('Renamed')
    await store.upsert({ id: 'blog', name: 'Blog again' })
    projects.invalidate()
    expect((await projects.get('blog'))?.name).toBe('Blog again')
  })

  test('writes through it are read back at once', async () => {
    const { projects } = setup()
    await projects.get('shop')
    await projects.upsert({ id: 'shop', name: 'Shop 2' })
    expect((await projects.get('shop'))?.name).toBe('Shop 2')
    expect((await projects.ensure({ id: 'new', name: 'New' })).name).toBe('New')
    expect((await projects.get('new'))?.name).toBe('New')
    expect((await projects.list()).map((project) => project.id)).toContain('new')
  })

  test('does not keep unknown ids: a project created elsewhere is accepted at once', async () => {
    const { projects, store, reads } = setup()
    expect(await projects.get('later')).toBeUndefined()
    await store.upsert({ id: 'later', name: 'Later' })
    expect((await projects.get('later'))?.name).toBe('Later')
    expect(reads).toEqual(['later', 'later'])
  })

  test('holds at most maxEntries projects, dropping the least recently used', async () => {
    const { projects, reads } = setup({ maxEntries: 2 })
    await projects.get('shop')
    await projects.get('blog')
    await projects.get('shop')
    await projects.get('wiki')
    reads.length = 0
    await projects.get('shop')
    await projects.get('wiki')
    expect(reads).toEqual([])
    await projects.get('blog')
    expect(reads).toEqual(['blog'])
  })

  test('concurrent reads of one id share one store read', async () => {
    const { projects, reads } = setup()
    const found = await Promise.all(Array.from({ length: 10 }, () => projects.get('shop')))
    expect(found.every((project) => project?.id === 'shop')).toBe(true)
    expect(reads).toEqual(['shop'])
  })

  test('a read in flight when the project is invalidated is not kept', async () => {
    const { projects, store, reads } = setup()
    const reading = projects.get('shop')
    projects.invalidate('shop')
    await reading
    await store.upsert({ id: 'shop', name: 'Changed' })
    expect((await projects.get('shop'))?.name).toBe('Changed')
    expect(reads).toEqual(['shop', 'shop'])
  })

  test('refuses bad bounds', () => {
    const store = createMemoryProjectStore()
    expect(() => createCachedProjectStore(store, { ttlMs: 0 })).toThrow(RangeError)
    expect(() => createCachedProjectStore(store, { ttlMs: 1, maxEntries: 0 })).toThrow(RangeError)
  })
})
