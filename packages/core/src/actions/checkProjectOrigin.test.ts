import { createApiTestConfig } from '@latch/test'
import { expect, test } from 'vitest'
import type { FetchLike } from '../types.ts'
import { checkProjectOrigin } from './checkProjectOrigin.ts'

/** A config whose API answers `GET /projects/v1/origins` with `answers` in turn, counting calls. */
function configAnswering(...answers: { status: number; body: unknown }[]) {
  const urls: string[] = []
  const fetch: FetchLike = async (url) => {
    urls.push(url)
    const answer = answers[Math.min(urls.length - 1, answers.length - 1)] ?? answers[0]
    return {
      ok: answer !== undefined && answer.status < 300,
      status: answer?.status ?? 500,
      json: async () => answer?.body,
    }
  }
  return { config: createApiTestConfig(fetch, { apiUrl: 'http://api.test' }), urls }
}

const origins = (...allowedOrigins: string[]) => ({ status: 200, body: { allowedOrigins } })

test('an allowed origin passes, by the API pattern rules; the list is asked once per session', async () => {
  const { config, urls } = configAnswering(origins('https://*.shop.example', 'http://localhost:*'))
  await checkProjectOrigin(config, { origin: 'https://app.shop.example' })
  await checkProjectOrigin(config, { origin: 'http://localhost:5173' })
  expect(urls).toEqual(['http://api.test/projects/v1/origins?projectId=abc'])
})

test("a page whose origin is not in the project's list: OriginNotAllowedError, before any wallet", async () => {
  const { config } = configAnswering(origins('https://*.shop.example'))
  await expect(
    checkProjectOrigin(config, { origin: 'https://shop.example.evil.test' }),
  ).rejects.toMatchObject({
    name: 'OriginNotAllowedError',
    details:
      "https://shop.example.evil.test is not one of the project's allowed origins (https://*.shop.example).",
  })
})

test('a project with no origin is an unverified domain; a failed fetch is asked again', async () => {
  const { config, urls } = configAnswering(
    { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } },
    origins(),
  )
  await expect(checkProjectOrigin(config, { origin: 'https://a.test' })).rejects.toMatchObject({
    name: 'ProjectOriginsUnavailableError',
  })
  await expect(checkProjectOrigin(config, { origin: 'https://a.test' })).rejects.toMatchObject({
    name: 'UnverifiedDomainError',
  })
  expect(urls).toHaveLength(2)
})

test("the API's own refusal of the project id keeps its meaning", async () => {
  const { config } = configAnswering({
    status: 401,
    body: { error: { code: 'UNAUTHORIZED', message: 'Unauthorized: invalid key' } },
  })
  await expect(checkProjectOrigin(config, { origin: 'https://a.test' })).rejects.toMatchObject({
    name: 'InvalidProjectIdError',
  })
})
