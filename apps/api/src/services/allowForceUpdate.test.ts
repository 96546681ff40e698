import { expect, test } from 'vitest'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { allowForceUpdate } from './allowForceUpdate.ts'

test('a key is refreshed once per interval; the next interval allows it again', async () => {
  // The interval is the mark's TTL in the cache, on a clock the test moves.
  let time = 1_000_000
  const cache = createMemoryCacheStore({ now: () => time })
  const getHeadBlock = async () => 7n
  const allow = (key: string) => allowForceUpdate({ cache, getHeadBlock, intervalMs: 150 }, { key })
  expect(await allow('balance:1:0xabc')).toBe(true)
  expect(await allow('balance:1:0xabc')).toBe(false)
  expect(await allow('balance:8453:0xabc')).toBe(true)
  time += 149
  expect(await allow('balance:1:0xabc')).toBe(false)
  time += 1
  expect(await allow('balance:1:0xabc')).toBe(true)
})

test('a new block allows one more refresh within the interval; a failing head read does not', async () => {
  const cache = createMemoryCacheStore()
  let head = 10n
  let failing = false
  const getHeadBlock = async () => {
    if (failing) throw new Error('RPC down')
    return head
  }
  const allow = () => allowForceUpdate({ cache, getHeadBlock, intervalMs: 60_000 }, { key: 'k' })
  expect(await allow()).toBe(true)
  expect(await allow()).toBe(false)
  head = 11n
  expect(await allow()).toBe(true)
  expect(await allow()).toBe(false)
  head = 12n
  failing = true
  expect(await allow()).toBe(false)
})
