import { type FetchLike, queryGcTimeMs } from '@latch/core'
import { createApiTestConfig } from '@latch/test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { identityQueryOptions } from '../account/identityQueryOptions.ts'
import { createLatchQueryClient } from './createLatchQueryClient.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createLatchQueryClient (spec section 9 query defaults)', () => {
  it('retries a failed query after 1 s, 2 s, 4 s... at most 30 s', async () => {
    const client = createLatchQueryClient()
    const calls: number[] = []
    const start = Date.now()
    const query = client
      .fetchQuery({
        queryKey: ['failing'],
        queryFn: async () => {
          calls.push(Date.now() - start)
          throw new Error('down')
        },
        retry: 6,
      })
      .catch((error: Error) => error)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(await query).toBeInstanceOf(Error)
    const gaps = calls.slice(1).map((at, index) => at - (calls[index] ?? 0))
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000])
  })

  it('garbage-collects unused data after 5 minutes', async () => {
    const client = createLatchQueryClient()
    await client.fetchQuery({ queryKey: ['kept'], queryFn: async () => 1 })
    await vi.advanceTimersByTimeAsync(queryGcTimeMs - 1)
    expect(client.getQueryData(['kept'])).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(client.getQueryData(['kept'])).toBeUndefined()
  })

  it('reuses an identity for 5 minutes, then asks the API again', async () => {
    let asked = 0
    const fetch: FetchLike = async () => {
      asked += 1
      return { ok: true, status: 200, json: async () => ({ name: null, avatar: null }) }
    }
    const config = createApiTestConfig(fetch)
    const client = createLatchQueryClient()
    const read = () => client.fetchQuery(identityQueryOptions(config, address))
    await read()
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1_000)
    await read()
    expect(asked).toBe(1)
    await vi.advanceTimersByTimeAsync(1_000)
    await read()
    expect(asked).toBe(2)
  })
})
