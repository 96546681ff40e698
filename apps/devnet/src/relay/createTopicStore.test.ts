import { expect, test } from 'vitest'
import { createTopicStore } from './createTopicStore.ts'

const clock = (start = 1_000_000) => {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

test('a message expires with its TTL', () => {
  const { now, advance } = clock()
  const store = createTopicStore({ now })
  store.add({ topic: 't', message: 'short', ttl: 10, publisherId: 'a' })
  store.add({ topic: 't', message: 'long', ttl: 300, publisherId: 'a' })

  advance(9_999)
  expect(store.pending('t', 'b').map((m) => m.message)).toEqual(['short', 'long'])
  advance(1)
  expect(store.pending('t', 'b').map((m) => m.message)).toEqual(['long'])
  advance(290_000)
  expect(store.prune()).toBe(1)
  expect(store.size()).toBe(0)
  expect(store.pending('t', 'b')).toEqual([])
})

test('a message is handed once per client and never back to its publisher', () => {
  const store = createTopicStore()
  const message = store.add({ topic: 't', message: 'm', ttl: 300, tag: 1108, publisherId: 'dapp' })

  expect(store.pending('t', 'dapp')).toEqual([])
  expect(store.pending('t', 'wallet')).toEqual([message])
  expect(store.claim(message, 'wallet')).toBe(true)
  expect(store.claim(message, 'wallet')).toBe(false)
  expect(store.pending('t', 'wallet')).toEqual([])
  expect(store.pending('t', 'other')).toEqual([message])
})

test('a released claim is handed again, and a re-published message is stored once', () => {
  const store = createTopicStore()
  const message = store.add({ topic: 't', message: 'm', ttl: 300, publisherId: 'dapp' })
  store.claim(message, 'wallet')
  store.release(message, 'wallet')
  expect(store.pending('t', 'wallet')).toEqual([message])

  expect(store.add({ topic: 't', message: 'm', ttl: 300, publisherId: 'dapp' })).toBe(message)
  expect(store.size()).toBe(1)
  expect(message).toMatchObject({ tag: 0, attestation: '' })
})
