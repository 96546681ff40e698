import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createGuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createSocialProviderClients } from './createSocialProviderClients.ts'
import { toOpenIdFetch } from './toOpenIdFetch.ts'

/** A GitHub-like OAuth 2 provider whose answers each test picks. */
let server: Server
let base: string
const answers: { token: () => [number, unknown]; user: () => [number, unknown] } = {
  token: () => [200, { access_token: 'token', token_type: 'bearer', scope: 'read:user' }],
  user: () => [200, { id: 7, login: 'octocat', email: null }],
}
const seen: { path: string; authorization?: string; body: string }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      seen.push({ path: request.url ?? '', authorization: request.headers.authorization, body })
      const [status, json] = request.url === '/token' ? answers.token() : answers.user()
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const redirectUri = 'http://api.test/auth/v1/social/callback'
const github = () =>
  createSocialProviderClients({
    settings: {
      github: {
        provider: 'github',
        kind: 'oauth2',
        source: 'config',
        clientId: 'client',
        clientSecret: 'secret',
        issuer: base,
        authorizationUrl: `${base}/authorize`,
        tokenUrl: `${base}/token`,
        userinfoUrl: `${base}/user`,
      },
    },
    redirectUri,
    fetch: toOpenIdFetch(createGuardedFetch({ allowPrivateHosts: true }), { timeoutMs: 2_000 }),
    allowHttpIssuers: true,
  }).github
const checks = { state: 'state-1', nonce: null, codeVerifier: 'v'.repeat(43) }
const finish = () =>
  github()
    ?.finish({ search: '?code=abc&state=state-1', checks })
    .then(
      (profile) => profile,
      (error: Error & { code?: string }) => error.code,
    )

describe('an OAuth 2 provider (GitHub-like)', () => {
  test('the authorization URL: code, PKCE S256, state, scope, redirect URI; no nonce', async () => {
    const url = await github()?.authorizationUrl(checks)
    expect(`${url?.origin}${url?.pathname}`).toBe(`${base}/authorize`)
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      client_id: 'client',
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'read:user user:email',
      state: 'state-1',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    })
  })

  test('trades the code (secret in the body, the verifier sent) and reads the user endpoint', async () => {
    seen.length = 0
    expect(await finish()).toEqual({ subject: '7', username: 'octocat', email: null })
    const token = seen.find((request) => request.path === '/token')
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toMatchObject({
      grant_type: 'authorization_code',
      code: 'abc',
      code_verifier: checks.codeVerifier,
      client_secret: 'secret',
      redirect_uri: redirectUri,
    })
    expect(seen.find((request) => request.path === '/user')?.authorization).toBe('Bearer token')
  })

  test("a refused code is SOCIAL_EXPIRED (also GitHub's 200 bad_verification_code)", async () => {
    answers.token = () => [400, { error: 'invalid_grant' }]
    expect(await finish()).toBe('SOCIAL_EXPIRED')
    answers.token = () => [200, { error: 'bad_verification_code' }]
    expect(await finish()).toBe('SOCIAL_EXPIRED')
  })

  test('a failing token or user endpoint, or a user without id, is PROVIDER_UNAVAILABLE', async () => {
    answers.token = () => [500, { error: 'server_error' }]
    expect(await finish()).toBe('PROVIDER_UNAVAILABLE')
    answers.token = () => [200, { access_token: 'token', token_type: 'bearer' }]
    answers.user = () => [500, {}]
    expect(await finish()).toBe('PROVIDER_UNAVAILABLE')
    answers.user = () => [200, { login: 'no-id' }]
    expect(await finish()).toBe('PROVIDER_UNAVAILABLE')
  })
})
