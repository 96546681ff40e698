import { createApiTestConfig } from '@latch/test'
import { expect, test } from 'vitest'
import { OriginNotAllowedError } from '../registry/errors.ts'
import type { FetchLike } from '../types.ts'
import { loadProjectOriginCheck } from './loadProjectOriginCheck.ts'

function apiAnswering(answer: () => string[] | 'down') {
  const urls: string[] = []
  const fetch: FetchLike = async (url) => {
    urls.push(url)
    const allowedOrigins = answer()
    return allowedOrigins === 'down'
      ? {
          ok: false,
          status: 404,
          json: async () => ({ error: { code: 'NOT_FOUND', message: 'Not found' } }),
        }
      : { ok: true, status: 200, json: async () => ({ allowedOrigins }) }
  }
  return { config: createApiTestConfig(fetch, { apiUrl: 'http://api.test' }), urls }
}

test('a refusal is the answer for the session: not asked again', async () => {
  const { config, urls } = apiAnswering(() => ['https://shop.example'])
  const first = await loadProjectOriginCheck(config, 'https://evil.test')
  expect(first.error).toBeInstanceOf(OriginNotAllowedError)
  expect(await loadProjectOriginCheck(config, 'https://evil.test')).toBe(first)
  expect(urls).toHaveLength(1)
})

test('an API that cannot answer: unchecked, and asked again on the next load', async () => {
  let answer: string[] | 'down' = 'down'
  const { config, urls } = apiAnswering(() => answer)
  expect(await loadProjectOriginCheck(config, 'https://shop.example')).toMatchObject({
    status: 'success',
    data: 'unchecked',
  })
  answer = ['https://shop.example']
  expect(await loadProjectOriginCheck(config, 'https://shop.example')).toMatchObject({
    status: 'success',
    data: 'allowed',
  })
  await loadProjectOriginCheck(config, 'https://shop.example')
  expect(urls).toHaveLength(2)
})
