import { setTimeout as sleep } from 'node:timers/promises'
import { expect, test } from 'vitest'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { allowForceUpdate } from './allowForceUpdate.ts'

test('a key is refreshed once per interval; the next interval allows it again', async () => {
  const cache = createMemoryCacheStore()
  const allow = (key: string) => allowForceUpdate({ cache, intervalMs: 150 }, { key })
  expect(await allow('balance:1:0xabc')).toBe(true)
  expect(await allow('balance:1:0xabc')).toBe(false)
  expect(await allow('balance:8453:0xabc')).toBe(true)
  await sleep(200)
  expect(await allow('balance:1:0xabc')).toBe(true)
})
