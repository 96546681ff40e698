import { expect, test } from 'vitest'
import { createRequestCache, requestCacheLimit } from './createRequestCache.ts'

function setup() {
  let time = 1_000
  const sleeps: number[] = []
  const cache = createRequestCache({
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  })
  return { cache, sleeps, advance: (ms: number) => (time += ms) }
}

const options = { staleMs: 60_000, retry: 1, reloadOnError: true }

test('loads made while one is in flight share it: one request', async () => {
  const { cache } = setup()
  let calls = 0
  const request = async () => ++calls
  const [a, b] = await Promise.all([
    cache.load('k', request, options),
    cache.load('k', request, options),
  ])
  expect(calls).toBe(1)
  expect(a).toBe(b)
  expect(a).toMatchObject({ status: 'success', data: 1 })
  expect(cache.get('k')).toBe(a)
})

test('a fresh answer is kept; a stale one is asked again, the old data shown meanwhile', async () => {
  const { cache, advance } = setup()
  let calls = 0
  const request = async () => ++calls
  await cache.load('k', request, options)
  advance(59_999)
  await cache.load('k', request, options)
  expect(calls).toBe(1)
  advance(1)
  const reload = cache.load('k', request, options)
  expect(cache.get('k')).toMatchObject({ status: 'success', data: 1 })
  expect(await reload).toMatchObject({ status: 'success', data: 2 })
})

test('a failure is retried after the query retry delay, then kept as the error', async () => {
  const { cache, sleeps } = setup()
  let calls = 0
  const state = await cache.load(
    'k',
    async () => {
      calls++
      throw new Error('down')
    },
    options,
  )
  expect(calls).toBe(2)
  expect(sleeps).toEqual([1_000])
  expect(state.status).toBe('error')
  expect((state.error as Error).message).toBe('down')
})

test('a failure is asked again on the next load only with reloadOnError', async () => {
  const { cache } = setup()
  let calls = 0
  const failing = async () => {
    calls++
    throw new Error('refused')
  }
  const kept = { staleMs: 0, retry: 0, reloadOnError: false }
  await cache.load('k', failing, kept)
  await cache.load('k', failing, kept)
  expect(calls).toBe(1)
  await cache.load('k', failing, { ...kept, reloadOnError: true })
  expect(calls).toBe(2)
})

test('subscribers hear each change of their key only; a missing key is pending', async () => {
  const { cache } = setup()
  expect(cache.get('k')).toMatchObject({ status: 'pending' })
  expect(cache.get('k')).toBe(cache.get('other'))
  const heard: string[] = []
  const stop = cache.subscribe('k', () => heard.push('k'))
  cache.subscribe('other', () => heard.push('other'))
  await cache.load('k', async () => 1, options)
  stop()
  await cache.load('k', async () => 2, { ...options, staleMs: 0 })
  expect(heard).toEqual(['k'])
})

test(`at most ${requestCacheLimit} requests are kept, the oldest forgotten first`, async () => {
  const { cache } = setup()
  for (let index = 0; index <= requestCacheLimit; index++)
    await cache.load(`k${index}`, async () => index, options)
  expect(cache.get('k0').status).toBe('pending')
  expect(cache.get(`k${requestCacheLimit}`).data).toBe(requestCacheLimit)
})
