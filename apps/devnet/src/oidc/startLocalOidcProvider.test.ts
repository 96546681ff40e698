import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import type { SocialProvider } from '@latch/api-contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeOidcLogin } from './completeOidcLogin.ts'
import { getOidcSubject, type OidcTestUser, oidcTestUsers } from './oidcTestUsers.ts'
import {
  type LocalOidcProviderSettings,
  type StartLocalOidcProviderReturnType,
  startLocalOidcProvider,
} from './startLocalOidcProvider.ts'

const redirectUri = 'http://127.0.0.1:4999/auth/v1/social/callback'
const providers = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
const [ada, grace, alan] = oidcTestUsers as [OidcTestUser, OidcTestUser, OidcTestUser]
let oidc: StartLocalOidcProviderReturnType

beforeAll(async () => {
  oidc = await startLocalOidcProvider({ port: 0, redirectUris: [redirectUri] })
})

afterAll(async () => {
  await oidc?.stop()
})

/** A PKCE pair as an OAuth client makes it. */
function createPkce() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

function authorizationUrl(
  settings: LocalOidcProviderSettings,
  options: { scope: string; state?: string; challenge?: string | undefined; nonce?: string },
): string {
  const url = new URL(settings.authorizationUrl)
  url.searchParams.set('client_id', settings.clientId)
  url.searchParams.set('redirect_uri', redirectUri)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', options.scope)
  url.searchParams.set('state', options.state ?? 'state-1')
  if (options.nonce) url.searchParams.set('nonce', options.nonce)
  if (options.challenge) {
    url.searchParams.set('code_challenge', options.challenge)
    url.searchParams.set('code_challenge_method', 'S256')
  }
  return url.href
}

async function redeem(
  settings: LocalOidcProviderSettings,
  options: {
    code: string
    verifier?: string | undefined
    secret?: string
    auth?: 'basic' | 'post'
  },
) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: redirectUri,
  })
  if (options.verifier) body.set('code_verifier', options.verifier)
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  }
  const secret = options.secret ?? settings.clientSecret
  if (options.auth === 'post') {
    body.set('client_id', settings.clientId)
    body.set('client_secret', secret)
  } else {
    headers.Authorization = `Basic ${Buffer.from(`${settings.clientId}:${secret}`).toString('base64')}`
  }
  const response = await fetch(settings.tokenUrl, { method: 'POST', headers, body })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Authorize as `user` (with PKCE) and redeem the code: the access token and the ID token. */
async function signIn(
  provider: SocialProvider,
  options: { scope: string; user: 'ada' | 'grace' | 'alan'; auth?: 'basic' | 'post' },
) {
  const settings = oidc.providers[provider]
  const pkce = createPkce()
  const back = await completeOidcLogin({
    authorizationUrl: authorizationUrl(settings, {
      scope: options.scope,
      challenge: pkce.challenge,
    }),
    choice: options.user,
  })
  const code = back.searchParams.get('code')
  if (!code) throw new Error(`No code in ${back.href}.`)
  const token = await redeem(settings, { code, verifier: pkce.verifier, auth: options.auth })
  expect(token.status).toBe(200)
  return token.body as { access_token: string; id_token?: string; scope: string }
}

function bearer(token: string) {
  return { headers: { Authorization: `Bearer ${token}` } }
}

describe('discovery', () => {
  it.each(providers)('%s answers OpenID discovery at its own issuer', async (provider) => {
    const settings = oidc.providers[provider]
    expect(settings.issuer).toBe(`${oidc.url}/${provider}`)
    expect(settings.clientId).toBe(`latch-devnet-${provider}`)
    const response = await fetch(`${settings.issuer}/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    const metadata = (await response.json()) as Record<string, unknown>
    expect(metadata).toMatchObject({
      issuer: settings.issuer,
      authorization_endpoint: settings.authorizationUrl,
      token_endpoint: settings.tokenUrl,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      authorization_response_iss_parameter_supported: true,
    })
    // Its signing key is public only: no private parts are published.
    const jwks = (await fetch(metadata.jwks_uri as string).then((r) => r.json())) as {
      keys: Record<string, unknown>[]
    }
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' })
    expect(jwks.keys[0]).not.toHaveProperty('d')
  })

  it('gives Google and Apple a userinfo endpoint and the OAuth 2 providers their own user endpoint', () => {
    expect(oidc.providers.google.userinfoUrl).toBe(`${oidc.url}/google/me`)
    expect(oidc.providers.apple.userinfoUrl).toBe(`${oidc.url}/apple/me`)
    expect(oidc.providers.github.userinfoUrl).toBe(`${oidc.url}/github/user`)
    expect(oidc.providers.discord.userinfoUrl).toBe(`${oidc.url}/discord/api/users/@me`)
    expect(oidc.providers.x.userinfoUrl).toBe(`${oidc.url}/x/2/users/me`)
    expect(oidc.providers.facebook.userinfoUrl).toBe(`${oidc.url}/facebook/me`)
  })

  it('refuses a host name other than loopback (DNS rebinding)', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        `${oidc.url}/google/.well-known/openid-configuration`,
        { headers: { Host: `rebind.example:${new URL(oidc.url).port}` } },
        (response) => {
          response.resume()
          resolve(response.statusCode)
        },
      )
      request.on('error', reject)
      request.end()
    })
    expect(status).toBe(403)
  })

  it('answers 404 outside the six providers', async () => {
    expect((await fetch(`${oidc.url}/myspace/.well-known/openid-configuration`)).status).toBe(404)
    expect((await fetch(`${oidc.url}/`)).status).toBe(404)
  })
})

describe('the login page', () => {
  it('is titled after the provider, lists the test users and Deny, and runs no script', async () => {
    const settings = oidc.providers.discord
    const start = await fetch(
      authorizationUrl(settings, { scope: 'identify email', challenge: createPkce().challenge }),
      { redirect: 'manual' },
    )
    expect(start.status).toBe(303)
    const location = new URL(start.headers.get('location') as string, settings.issuer)
    expect(location.pathname).toMatch(/^\/discord\/interaction\/[\w-]+$/)
    const cookie = start.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const page = await fetch(location, { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<title>Discord (Latch devnet)</title>')
    for (const user of oidcTestUsers) expect(html).toContain(`name="user" value="${user.key}"`)
    expect(html).toContain('Ada Lovelace <small>ada@example.com</small>')
    expect(html).toContain('Alan Turing <small>No email shared</small>')
    expect(html).toContain('name="action" value="deny"')
    expect(html).not.toContain('<script')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("form-action 'self' http://127.0.0.1:4999")
    expect(page.headers.get('cache-control')).toBe('no-store')

    // Without the interaction cookie the page is not shown.
    const stranger = await fetch(location)
    expect(stranger.status).toBe(400)
    expect(await stranger.text()).toContain('this sign-in request has expired')
  })

  it('takes only a test user or Deny, in a small form', async () => {
    const settings = oidc.providers.github
    const start = await fetch(
      authorizationUrl(settings, { scope: 'read:user', challenge: createPkce().challenge }),
      { redirect: 'manual' },
    )
    const location = new URL(start.headers.get('location') as string, settings.issuer)
    const Cookie = start.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const post = (body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(location, {
        method: 'POST',
        headers: { Cookie, 'Content-Type': type },
        body,
        redirect: 'manual',
      })
    expect((await post('user=mallory')).status).toBe(400)
    expect((await post('{"user":"ada"}', 'application/json')).status).toBe(400)
    expect((await post(`user=ada&pad=${'x'.repeat(2_000)}`)).status).toBe(400)
    // The interaction is still open: a proper choice goes on.
    expect((await post('user=ada')).status).toBe(303)
  })

  it('is shown on every sign-in, even in a browser that signed in before', async () => {
    // completeOidcLogin fails when no login page comes; two sign-ins in a row both choose.
    const first = await signIn('google', { scope: 'openid email', user: 'ada' })
    const second = await signIn('google', { scope: 'openid email', user: 'grace' })
    expect(first.access_token).not.toBe(second.access_token)
  })

  it('answers an unregistered redirect URI with its own error page, not a redirect', async () => {
    const url = new URL(
      authorizationUrl(oidc.providers.google, {
        scope: 'openid',
        challenge: createPkce().challenge,
      }),
    )
    url.searchParams.set('redirect_uri', 'https://evil.example/<script>')
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Google (Latch devnet)')
    expect(html).toContain('invalid_redirect_uri')
    expect(html).not.toContain('<script>')
  })
})

describe('OpenID Connect: Google and Apple', () => {
  it.each(['google', 'apple'] as const)(
    '%s: code flow with PKCE, a signed ID token with the email, and userinfo',
    async (provider) => {
      const settings = oidc.providers[provider]
      const pkce = createPkce()
      const back = await completeOidcLogin({
        authorizationUrl: authorizationUrl(settings, {
          scope: 'openid email profile',
          state: 'state-42',
          nonce: 'nonce-42',
          challenge: pkce.challenge,
        }),
        choice: 'ada',
      })
      expect(back.origin + back.pathname).toBe(redirectUri)
      expect(back.searchParams.get('state')).toBe('state-42')
      expect(back.searchParams.get('iss')).toBe(settings.issuer)
      const code = back.searchParams.get('code') as string
      expect(code).toBeTruthy()

      const token = await redeem(settings, { code, verifier: pkce.verifier })
      expect(token.status).toBe(200)
      const idToken = token.body.id_token as string
      const [header, payload, signature] = idToken.split('.') as [string, string, string]
      const jwks = (await fetch(`${settings.issuer}/jwks`).then((r) => r.json())) as {
        keys: import('node:crypto').JsonWebKey[]
      }
      const key = createPublicKey({
        key: jwks.keys[0] as import('node:crypto').JsonWebKey,
        format: 'jwk',
      })
      expect(
        verify(
          'sha256',
          Buffer.from(`${header}.${payload}`),
          key,
          Buffer.from(signature, 'base64url'),
        ),
      ).toBe(true)
      const subject = getOidcSubject(provider, ada)
      expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
        iss: settings.issuer,
        aud: settings.clientId,
        sub: subject,
        nonce: 'nonce-42',
        email: 'ada@example.com',
        email_verified: true,
        name: 'Ada Lovelace',
      })

      const userinfo = await fetch(settings.userinfoUrl, bearer(token.body.access_token as string))
      expect(userinfo.status).toBe(200)
      expect(await userinfo.json()).toEqual({
        sub: subject,
        email: 'ada@example.com',
        email_verified: true,
        name: 'Ada Lovelace',
        given_name: 'Ada',
        family_name: 'Lovelace',
        preferred_username: 'ada_lovelace',
      })
    },
  )

  it('shares no email for Alan Turing', async () => {
    const token = await signIn('google', { scope: 'openid email profile', user: 'alan' })
    const userinfo = (await fetch(
      oidc.providers.google.userinfoUrl,
      bearer(token.access_token),
    ).then((r) => r.json())) as Record<string, unknown>
    expect(userinfo.name).toBe('Alan Turing')
    expect(userinfo).not.toHaveProperty('email')
    expect(userinfo).not.toHaveProperty('email_verified')
  })
})

describe('OAuth 2 providers: their own user endpoint', () => {
  it('GitHub: GET /user with the id as a number, client secret in the body', async () => {
    const token = await signIn('github', {
      scope: 'read:user user:email',
      user: 'ada',
      auth: 'post',
    })
    const response = await fetch(oidc.providers.github.userinfoUrl, bearer(token.access_token))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      id: Number(getOidcSubject('github', ada)),
      login: 'ada_lovelace',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    })
    // GitHub's older `token` scheme works too; Alan has no public email.
    const alanToken = await signIn('github', { scope: 'read:user', user: 'alan' })
    const old = await fetch(oidc.providers.github.userinfoUrl, {
      headers: { Authorization: `token ${alanToken.access_token}` },
    })
    expect(await old.json()).toMatchObject({ login: 'alan_turing', email: null })
  })

  it('Discord: GET /api/users/@me with email and verified under the email scope', async () => {
    const token = await signIn('discord', { scope: 'identify email', user: 'grace' })
    const response = await fetch(oidc.providers.discord.userinfoUrl, bearer(token.access_token))
    expect(await response.json()).toEqual({
      id: getOidcSubject('discord', grace),
      username: 'grace_hopper',
      global_name: 'Grace Hopper',
      email: 'grace@example.com',
      verified: true,
    })
    const alanToken = await signIn('discord', { scope: 'identify email', user: 'alan' })
    expect(
      await fetch(oidc.providers.discord.userinfoUrl, bearer(alanToken.access_token)).then((r) =>
        r.json(),
      ),
    ).toMatchObject({ email: null, verified: false })
    const identifyOnly = await signIn('discord', { scope: 'identify', user: 'ada' })
    expect(
      await fetch(oidc.providers.discord.userinfoUrl, bearer(identifyOnly.access_token)).then((r) =>
        r.json(),
      ),
    ).not.toHaveProperty('email')
  })

  it('X: GET /2/users/me wrapped in data, no email', async () => {
    const token = await signIn('x', { scope: 'users.read tweet.read offline.access', user: 'ada' })
    const response = await fetch(oidc.providers.x.userinfoUrl, bearer(token.access_token))
    expect(await response.json()).toEqual({
      data: {
        id: getOidcSubject('x', ada),
        username: 'ada_lovelace',
        name: 'Ada Lovelace',
      },
    })
  })

  it('Facebook: GET /me with the email only when shared', async () => {
    const token = await signIn('facebook', { scope: 'public_profile email', user: 'ada' })
    expect(
      await fetch(oidc.providers.facebook.userinfoUrl, bearer(token.access_token)).then((r) =>
        r.json(),
      ),
    ).toEqual({
      id: getOidcSubject('facebook', ada),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    })
    const alanToken = await signIn('facebook', { scope: 'public_profile email', user: 'alan' })
    expect(
      await fetch(oidc.providers.facebook.userinfoUrl, bearer(alanToken.access_token)).then((r) =>
        r.json(),
      ),
    ).toEqual({ id: getOidcSubject('facebook', alan), name: 'Alan Turing' })
  })

  it.each([
    ['github', { message: 'Bad credentials' }],
    ['discord', { message: '401: Unauthorized' }],
    ['x', { title: 'Unauthorized' }],
    ['facebook', { error: { type: 'OAuthException', code: 190 } }],
  ] as const)(
    '%s: a missing, bad or foreign token is 401 in its shape',
    async (provider, shape) => {
      const url = oidc.providers[provider].userinfoUrl
      const google = await signIn('google', { scope: 'openid', user: 'ada' })
      for (const headers of [
        {},
        { Authorization: 'Bearer not-a-token' },
        { Authorization: 'Basic YWRhOmFkYQ==' },
        // A real token, but another provider's.
        { Authorization: `Bearer ${google.access_token}` },
      ]) {
        const response = await fetch(url, { headers })
        expect(response.status).toBe(401)
        expect(response.headers.get('www-authenticate')).toContain('invalid_token')
        expect(await response.json()).toMatchObject(shape)
      }
    },
  )
})

describe('subjects', () => {
  it('are stable per provider and user and differ between providers and users', () => {
    const subjects = providers.flatMap((provider) =>
      oidcTestUsers.map((user) => getOidcSubject(provider, user)),
    )
    expect(new Set(subjects).size).toBe(subjects.length)
    for (const subject of subjects) {
      expect(subject).toMatch(/^\d+$/)
      expect(Number.isSafeInteger(Number(subject))).toBe(true)
    }
    expect(getOidcSubject('github', ada)).toBe(getOidcSubject('github', ada))
  })
})

describe('refusals', () => {
  it('Deny sends access_denied (with the state) to the redirect URI', async () => {
    const back = await completeOidcLogin({
      authorizationUrl: authorizationUrl(oidc.providers.x, {
        scope: 'users.read',
        state: 'state-deny',
        challenge: createPkce().challenge,
      }),
      choice: 'deny',
    })
    expect(back.origin + back.pathname).toBe(redirectUri)
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe('state-deny')
    expect(back.searchParams.has('code')).toBe(false)
  })

  it('refuses an authorization request without PKCE', async () => {
    const response = await fetch(
      authorizationUrl(oidc.providers.google, { scope: 'openid', state: 'no-pkce' }),
      { redirect: 'manual' },
    )
    expect(response.status).toBe(303)
    const back = new URL(response.headers.get('location') as string)
    expect(back.origin + back.pathname).toBe(redirectUri)
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/)

    // Only S256: the plain method is refused.
    const plain = new URL(authorizationUrl(oidc.providers.google, { scope: 'openid' }))
    plain.searchParams.set('code_challenge', createPkce().verifier)
    plain.searchParams.set('code_challenge_method', 'plain')
    const refused = await fetch(plain, { redirect: 'manual' })
    expect(new URL(refused.headers.get('location') as string).searchParams.get('error')).toBe(
      'invalid_request',
    )
  })

  it('refuses a code without its verifier, with a wrong verifier, or with a wrong secret', async () => {
    const settings = oidc.providers.google
    const start = async () => {
      const pkce = createPkce()
      const back = await completeOidcLogin({
        authorizationUrl: authorizationUrl(settings, {
          scope: 'openid',
          challenge: pkce.challenge,
        }),
        choice: 'ada',
      })
      return { code: back.searchParams.get('code') as string, verifier: pkce.verifier }
    }
    const missing = await start()
    expect(await redeem(settings, { code: missing.code })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    })
    const wrong = await start()
    expect(
      await redeem(settings, { code: wrong.code, verifier: createPkce().verifier }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    const badSecret = await start()
    for (const auth of ['basic', 'post'] as const) {
      expect(
        await redeem(settings, {
          code: badSecret.code,
          verifier: badSecret.verifier,
          secret: 'not-the-secret',
          auth,
        }),
      ).toMatchObject({ status: 401, body: { error: 'invalid_client' } })
    }
    // Another provider's client cannot redeem it either.
    const other = oidc.providers.apple
    expect(
      await redeem(settings, {
        code: badSecret.code,
        verifier: badSecret.verifier,
        secret: other.clientSecret,
      }),
    ).toMatchObject({ status: 401 })
    // A code is single use.
    const once = await start()
    expect((await redeem(settings, once)).status).toBe(200)
    expect(await redeem(settings, once)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    })
  })

  it('refuses to start without a redirect URI, and closes on stop', async () => {
    await expect(startLocalOidcProvider({ redirectUris: [] })).rejects.toThrowError(
      'The local OpenID provider needs at least one redirect URI.',
    )
    const another = await startLocalOidcProvider({ redirectUris: [redirectUri] })
    expect((await fetch(`${another.url}/x/.well-known/openid-configuration`)).status).toBe(200)
    await another.stop()
    await another.stop()
    await expect(fetch(`${another.url}/x/.well-known/openid-configuration`)).rejects.toThrow()
  })
})
