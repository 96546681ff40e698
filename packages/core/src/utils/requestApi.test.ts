import { expect, test } from 'vitest'
import type { FetchLike } from '../types.ts'
import { requestApi } from './requestApi.ts'
import { sdkVersion } from './sdkHeaders.ts'

test('every API call, GET or POST, carries the project id and the SDK type and version', async () => {
  const calls: { url: string; init: Parameters<FetchLike>[1] }[] = []
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init })
    return { ok: true, status: 200, json: async () => ({ ok: true }) }
  }
  const config = { apiUrl: 'http://api.test', projectId: 'p1', fetch }
  const toError = () => new Error('failed')
  await requestApi(config, { path: '/v1/identity/0x1', query: { sender: undefined }, toError })
  await requestApi(config, { path: '/v1/fungible/price', body: { currency: 'usd' }, toError })
  expect(calls.map((call) => call.url)).toEqual([
    'http://api.test/v1/identity/0x1?projectId=p1',
    'http://api.test/v1/fungible/price?projectId=p1',
  ])
  for (const { init } of calls)
    expect(init?.headers).toMatchObject({ 'x-sdk-type': 'latch', 'x-sdk-version': sdkVersion })
  expect(calls[1]?.init).toMatchObject({ method: 'POST', body: '{"currency":"usd"}' })
})
