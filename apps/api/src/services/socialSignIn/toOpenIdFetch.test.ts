import { expect, test } from 'vitest'
import type { GuardedFetch, GuardedFetchOptions } from '../fetch/createGuardedFetch.ts'
import { toOpenIdFetch } from './toOpenIdFetch.ts'

test("hands openid-client's requests to the guarded fetcher: method, headers, body, signal", async () => {
  const calls: { url: string; options: GuardedFetchOptions }[] = []
  const guarded: GuardedFetch = async (url, options) => {
    calls.push({ url: String(url), options })
    return Response.json({ ok: true })
  }
  const fetch = toOpenIdFetch(guarded, { timeoutMs: 1_000, maxBytes: 2_000 })
  const signal = new AbortController().signal
  await fetch('https://provider.example/token', {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      authorization: 'Basic Y2xpZW50OnNlY3JldA==',
      'user-agent': 'openid-client',
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: 'abc' }),
    redirect: 'manual',
    signal,
  })
  await fetch('https://provider.example/.well-known/openid-configuration', {
    method: 'GET',
    headers: { accept: 'application/json' },
    body: undefined,
    redirect: 'manual',
    signal,
  })
  expect(calls).toEqual([
    {
      url: 'https://provider.example/token',
      options: {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
          authorization: 'Basic Y2xpZW50OnNlY3JldA==',
          'user-agent': 'openid-client',
        },
        body: 'grant_type=authorization_code&code=abc',
        accept: ['application/json', 'application/jwk-set+json', 'application/jwt'],
        maxBytes: 2_000,
        timeoutMs: 1_000,
        signal,
      },
    },
    {
      url: 'https://provider.example/.well-known/openid-configuration',
      options: expect.objectContaining({ method: 'GET', headers: {}, body: undefined }),
    },
  ])
  await expect(
    fetch('https://provider.example/x', {
      method: 'DELETE',
      headers: {},
      body: undefined,
      redirect: 'manual',
      signal,
    }),
  ).rejects.toThrow(/unsupported method "DELETE"/)
})
