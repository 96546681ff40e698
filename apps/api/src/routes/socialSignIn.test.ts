import { createHash, randomBytes } from 'node:crypto'
import { authUserSchema, emailVerifyResponseSchema, type SocialProvider } from '@latch/api-contract'
import { getSocialProviderSettings, parseConfig } from '@latch/config'
import {
  completeOidcLogin,
  findFreePort,
  type StartLocalOidcProviderReturnType,
  startLocalOidcProvider,
} from '@latch/test'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp, type EmbeddedWalletAppDeps } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { embeddedSocialFlows, embeddedUsers } from '../db/schema/index.ts'
import { forEachDatabase } from '../db/testing.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { networkFromInput } from '../network.ts'
import type { Mail } from '../services/embeddedWallet/mailer.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { createSocialProviderClients } from '../services/socialSignIn/createSocialProviderClients.ts'
import { toOpenIdFetch } from '../services/socialSignIn/toOpenIdFetch.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { socialCallbackPageCsp } from './socialCallbackPage.ts'

const authOrigin = 'http://127.0.0.1:4177'
const apiUrl = 'http://api.test'
const redirectUri = `${apiUrl}/auth/v1/social/callback`
const projectId = 'social-project'
const appOrigin = 'https://dapp.example'
const returnUrl = `${appOrigin}/wallet?tab=1`

const network = networkFromInput({
  id: 31337,
  name: 'Dead RPC',
  rpcUrl: 'http://127.0.0.1:9/rpc',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})

const newSecret = () => randomBytes(32).toString('base64url')
const newDevice = () => randomBytes(16).toString('hex')
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** The API's provider clients for a (local) OpenID provider's settings. */
const providersFor = (oidc: StartLocalOidcProviderReturnType, only?: readonly SocialProvider[]) =>
  createSocialProviderClients({
    settings: getSocialProviderSettings(parseConfig({}), {
      oidc: {
        providers: Object.fromEntries(
          Object.entries(oidc.providers).filter(
            ([name]) => !only || only.includes(name as SocialProvider),
          ),
        ),
      },
    }),
    redirectUri,
    fetch: toOpenIdFetch(createGuardedFetch({ allowPrivateHosts: true }), { timeoutMs: 3_000 }),
    allowHttpIssuers: true,
    timeoutSeconds: 3,
  })

forEachDatabase('social sign-in against the local OpenID provider', (context) => {
  const mails: Mail[] = []
  let oidc: StartLocalOidcProviderReturnType
  let time = Date.now()
  const build = (embedded: Partial<EmbeddedWalletAppDeps> = {}) =>
    createApp({
      networks: [network],
      projects: createMemoryProjectStore([
        { id: projectId, name: 'Social', allowedOrigins: [appOrigin] },
      ]),
      clients: createChainClients([network], { timeout: 500, retryCount: 0 }),
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
      db: context.db,
      publicUrl: apiUrl,
      embeddedWallet: {
        authUrl: `${authOrigin}/`,
        mailer: { send: async (mail) => void mails.push(mail) },
        authShareKey: new Uint8Array(32).fill(7),
        now: () => new Date(time),
        socialProviders: providersFor(oidc, ['google', 'github', 'discord', 'x']),
        ...embedded,
      },
    })
  let app: ReturnType<typeof build>

  beforeAll(async () => {
    oidc = await startLocalOidcProvider({ port: 0, redirectUris: [redirectUri] })
    app = build()
  })
  afterAll(async () => {
    await oidc?.stop()
  })

  const post = (target: ReturnType<typeof build>, path: string, body: unknown, token?: string) =>
    target.request(`/auth/v1/social${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: authOrigin,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })

  type Frame = { deviceId: string; secret: string }
  const newFrame = (): Frame => ({ deviceId: newDevice(), secret: newSecret() })

  const start = async (
    provider: SocialProvider,
    frame: Frame,
    extra: { link?: boolean; token?: string; mode?: 'popup' | 'redirect'; on?: typeof app } = {},
  ) => {
    const response = await post(
      extra.on ?? app,
      '/start',
      {
        projectId,
        provider,
        deviceId: frame.deviceId,
        flowSecretHash: sha256(frame.secret),
        appOrigin,
        returnUrl,
        mode: extra.mode ?? 'popup',
        ...(extra.link ? { link: true } : {}),
      },
      extra.token,
    )
    return response
  }
  const startedUri = async (response: Response) => {
    expect(response.status).toBe(200)
    const body = (await response.json()) as { uri: string; state: string }
    return body
  }
  /** Start, the person's choice at the provider, and the callback's query string. */
  const authorize = async (
    provider: SocialProvider,
    frame: Frame,
    choice: 'ada' | 'grace' | 'alan' | 'deny',
    extra: Parameters<typeof start>[2] = {},
  ) => {
    const { uri, state } = await startedUri(await start(provider, frame, extra))
    const back = await completeOidcLogin({ authorizationUrl: uri, choice })
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
    expect(back.searchParams.get('state')).toBe(state)
    return { callback: back.search, state }
  }
  const verify = (
    provider: SocialProvider,
    frame: Frame,
    callback: string,
    extra: { token?: string; on?: typeof app } = {},
  ) =>
    post(
      extra.on ?? app,
      '/verify',
      { projectId, provider, deviceId: frame.deviceId, flowSecret: frame.secret, callback },
      extra.token,
    )
  const signIn = async (provider: SocialProvider, choice: 'ada' | 'grace' | 'alan') => {
    const frame = newFrame()
    const { callback } = await authorize(provider, frame, choice)
    const response = await verify(provider, frame, callback)
    expect(response.status).toBe(200)
    return emailVerifyResponseSchema.parse(await response.json())
  }
  const errorCode = async (response: Response) =>
    `${response.status} ${((await response.json()) as { error: { code: string } }).error.code}`
  const userCount = async () =>
    (await context.db.select({ n: count() }).from(embeddedUsers))[0]?.n ?? 0

  test('OIDC (Google): start, authorize, callback, verify; the same person gets the same user', async () => {
    const first = await signIn('google', 'ada')
    expect(first.user).toMatchObject({
      email: null,
      username: 'ada_lovelace',
      signInMethod: 'google',
      address: null,
    })
    // The session works like email's.
    const user = await app.request('/auth/v1/user', {
      headers: { origin: authOrigin, authorization: `Bearer ${first.token}` },
    })
    expect(authUserSchema.parse(await user.json())).toEqual(first.user)
    const again = await signIn('google', 'ada')
    expect(again.user.id).toBe(first.user.id)
    expect(again.token).not.toBe(first.token)
    const grace = await signIn('google', 'grace')
    expect(grace.user.id).not.toBe(first.user.id)
  })

  test('an account without email: export asks for one first; adding one needs only its code', async () => {
    const { token, user } = await signIn('x', 'grace')
    const auth = (path: string, body: unknown) =>
      app.request(`/auth/v1${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: authOrigin,
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify(body),
      })
    const exported = await auth('/export/start', {})
    expect(exported.status).toBe(409)
    expect(await exported.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'Add an email to this wallet before exporting its key.',
      },
    })
    const email = 'grace.x@example.com'
    expect(await (await auth('/email/update', { email })).json()).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    expect(mails.map((mail) => mail.to)).toEqual([email])
    const code = /^(\d{6}) is your Latch code$/.exec(mails.at(-1)?.subject ?? '')?.[1]
    const updated = await auth('/email/update/secondary', { otp: code })
    expect(updated.status).toBe(200)
    expect(authUserSchema.parse(await updated.json())).toMatchObject({
      id: user.id,
      email,
      username: 'grace_hopper',
      signInMethod: 'x',
    })
  })

  test('OAuth 2 (GitHub, X): the user endpoint; the same email at another provider is another user', async () => {
    const google = await signIn('google', 'ada')
    const github = await signIn('github', 'ada')
    expect(github.user).toMatchObject({
      email: null,
      username: 'ada_lovelace',
      signInMethod: 'github',
    })
    expect(github.user.id).not.toBe(google.user.id)
    expect((await signIn('github', 'ada')).user.id).toBe(github.user.id)
    const x = await signIn('x', 'alan')
    expect(x.user).toMatchObject({ username: 'alan_turing', signInMethod: 'x' })
  })

  test('denied consent: SOCIAL_DENIED, nothing created, the flow is spent', async () => {
    const frame = newFrame()
    const before = await userCount()
    const { callback } = await authorize('google', frame, 'deny')
    expect(new URLSearchParams(callback).get('error')).toBe('access_denied')
    const denied = await verify('google', frame, callback)
    expect(denied.status).toBe(400)
    expect(await denied.json()).toEqual({
      error: { code: 'SOCIAL_DENIED', message: 'You declined the sign-in with Google.' },
    })
    expect(await userCount()).toBe(before)
    expect(await errorCode(await verify('google', frame, callback))).toBe('400 SOCIAL_EXPIRED')
  })

  test('another frame, a wrong secret, state or provider: SOCIAL_STATE_MISMATCH; the right frame still finishes', async () => {
    const frame = newFrame()
    const before = await userCount()
    const { callback, state } = await authorize('discord', frame, 'grace')
    const other = { ...frame, deviceId: newDevice() }
    const wrongSecret = { ...frame, secret: newSecret() }
    const wrongState = callback.replace(state, randomBytes(32).toString('base64url'))
    expect({
      otherDevice: await errorCode(await verify('discord', other, callback)),
      wrongSecret: await errorCode(await verify('discord', wrongSecret, callback)),
      wrongState: await errorCode(await verify('discord', frame, wrongState)),
      noState: await errorCode(await verify('discord', frame, '?code=abc')),
      otherProvider: await errorCode(await verify('github', frame, callback)),
    }).toEqual({
      otherDevice: '400 SOCIAL_STATE_MISMATCH',
      wrongSecret: '400 SOCIAL_STATE_MISMATCH',
      wrongState: '400 SOCIAL_STATE_MISMATCH',
      noState: '400 SOCIAL_STATE_MISMATCH',
      otherProvider: '400 SOCIAL_STATE_MISMATCH',
    })
    expect(await userCount()).toBe(before)
    const finished = await verify('discord', frame, callback)
    expect(finished.status).toBe(200)
    expect(emailVerifyResponseSchema.parse(await finished.json()).user).toMatchObject({
      username: 'grace_hopper',
      signInMethod: 'discord',
    })
  })

  test('a used flow, and one older than 10 minutes: SOCIAL_EXPIRED', async () => {
    const frame = newFrame()
    const { callback } = await authorize('google', frame, 'ada')
    expect((await verify('google', frame, callback)).status).toBe(200)
    expect(await errorCode(await verify('google', frame, callback))).toBe('400 SOCIAL_EXPIRED')

    const late = newFrame()
    const started = await authorize('google', late, 'ada')
    time += 10 * 60_000 + 1
    try {
      expect(await errorCode(await verify('google', late, started.callback))).toBe(
        '400 SOCIAL_EXPIRED',
      )
    } finally {
      time -= 10 * 60_000 + 1
    }
  })

  test("the ID token's nonce and the PKCE verifier are checked (openid-client)", async () => {
    // Another nonce than the one the ID token carries: a token minted for another flow.
    const frame = newFrame()
    const { callback, state } = await authorize('google', frame, 'ada')
    await context.db
      .update(embeddedSocialFlows)
      .set({ nonce: 'another-nonce' })
      .where(eq(embeddedSocialFlows.id, state))
    expect(await errorCode(await verify('google', frame, callback))).toBe(
      '400 SOCIAL_STATE_MISMATCH',
    )
    // Another verifier than the challenge sent: the provider refuses the code.
    const pkce = newFrame()
    const other = await authorize('github', pkce, 'ada')
    await context.db
      .update(embeddedSocialFlows)
      .set({ codeVerifier: 'v'.repeat(43) })
      .where(eq(embeddedSocialFlows.id, other.state))
    expect(await errorCode(await verify('github', pkce, other.callback))).toBe('400 SOCIAL_EXPIRED')
  })

  test('a provider down: PROVIDER_UNAVAILABLE at the start (discovery) and at the verify (token)', async () => {
    const closedPort = await findFreePort()
    const down = createSocialProviderClients({
      settings: {
        google: {
          provider: 'google',
          kind: 'oidc',
          source: 'devnet',
          clientId: 'c',
          clientSecret: 's',
          issuer: `http://127.0.0.1:${closedPort}/google`,
          authorizationUrl: undefined,
          tokenUrl: undefined,
          userinfoUrl: undefined,
        },
      },
      redirectUri,
      fetch: toOpenIdFetch(createGuardedFetch({ allowPrivateHosts: true }), { timeoutMs: 2_000 }),
      allowHttpIssuers: true,
    })
    const downApp = build({ socialProviders: down })
    const before = await context.db.select({ n: count() }).from(embeddedSocialFlows)
    expect(await errorCode(await start('google', newFrame(), { on: downApp }))).toBe(
      '502 PROVIDER_UNAVAILABLE',
    )
    expect(await context.db.select({ n: count() }).from(embeddedSocialFlows)).toEqual(before)

    // A provider that goes away between the person's consent and the code exchange.
    const brief = await startLocalOidcProvider({ port: 0, redirectUris: [redirectUri] })
    const briefApp = build({ socialProviders: providersFor(brief, ['github']) })
    const frame = newFrame()
    const { callback } = await authorize('github', frame, 'ada', { on: briefApp })
    await brief.stop()
    expect(await errorCode(await verify('github', frame, callback, { on: briefApp }))).toBe(
      '502 PROVIDER_UNAVAILABLE',
    )
  })

  test('linking (Bearer, link: true) adds a provider to the signed-in user; IDENTITY_TAKEN when another has it', async () => {
    const ada = await signIn('google', 'ada')
    const frame = newFrame()
    const { callback } = await authorize('x', frame, 'ada', { link: true, token: ada.token })
    // A link finishes only in that user's session.
    expect(await errorCode(await verify('x', frame, callback))).toBe('401 SESSION_EXPIRED')
    const linked = await verify('x', frame, callback, { token: ada.token })
    expect(linked.status).toBe(200)
    expect(authUserSchema.parse(await linked.json())).toMatchObject({
      id: ada.user.id,
      signInMethod: 'google',
    })
    expect((await signIn('x', 'ada')).user.id).toBe(ada.user.id)

    const grace = await signIn('github', 'grace')
    const taken = newFrame()
    const link = await authorize('github', taken, 'grace', { link: true, token: ada.token })
    const refused = await verify('github', taken, link.callback, { token: ada.token })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'IDENTITY_TAKEN',
    )
    expect((await signIn('github', 'grace')).user.id).toBe(grace.user.id)
    // Linking needs a session.
    expect(await errorCode(await start('github', newFrame(), { link: true }))).toBe(
      '401 SESSION_EXPIRED',
    )
  })

  test('the callback page: the opener message, the fallback URL, CSP, no inline script', async () => {
    const frame = newFrame()
    const { state } = await startedUri(await start('google', frame))
    const search = `?code=provider-code&state=${state}&iss=x`
    // A top-level navigation from the provider: no Origin of the auth site.
    const page = await app.request(`/auth/v1/social/callback${search}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(socialCallbackPageCsp)
    expect(socialCallbackPageCsp).toContain("script-src 'self'")
    expect(socialCallbackPageCsp).not.toContain('unsafe-inline')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    const data =
      /<script type="application\/json" id="latch-social-callback">([^<]*)<\/script>/.exec(
        html,
      )?.[1]
    expect(JSON.parse(data ?? 'null')).toEqual({
      mode: 'popup',
      appOrigin,
      message: { type: 'latch:social:callback', state, search },
      fallbackUrl: `${returnUrl}#latch-social=${encodeURIComponent(search)}`,
    })
    // Every script is the API's own file.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/json" id="latch-social-callback">',
      '<script src="/auth/v1/social/callback.js" defer>',
    ])
    const script = await app.request('/auth/v1/social/callback.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await script.text()).toContain('postMessage(data.message, data.appOrigin)')

    // The page does not use the flow: the frame still finishes it.
    const unknown = await app.request(`/auth/v1/social/callback?code=x&state=${'z'.repeat(43)}`)
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain(
      'This sign-in link is no longer valid. Go back to the app and start again.',
    )
    // A flow in redirect mode answers the page too, which goes back to the app by script.
    const redirected = await startedUri(await start('google', newFrame(), { mode: 'redirect' }))
    const back = await app.request(`/auth/v1/social/callback?code=c&state=${redirected.state}`)
    expect(back.status).toBe(200)
    const backData =
      /<script type="application\/json" id="latch-social-callback">([^<]*)<\/script>/.exec(
        await back.text(),
      )?.[1]
    expect(JSON.parse(backData ?? 'null')).toMatchObject({
      mode: 'redirect',
      fallbackUrl: `${returnUrl}#latch-social=${encodeURIComponent(`?code=c&state=${redirected.state}`)}`,
    })
  })

  test('the start checks the page origin, the return URL, the provider, and its caps', async () => {
    const frame = newFrame()
    const body = {
      projectId,
      provider: 'google',
      deviceId: frame.deviceId,
      flowSecretHash: sha256(frame.secret),
      appOrigin,
      returnUrl,
      mode: 'popup',
    }
    expect({
      origin: await errorCode(
        await post(app, '/start', {
          ...body,
          appOrigin: 'https://evil.example',
          returnUrl: 'https://evil.example/',
        }),
      ),
      returnUrl: await errorCode(
        await post(app, '/start', { ...body, returnUrl: 'https://evil.example/' }),
      ),
      notConfigured: await errorCode(await post(app, '/start', { ...body, provider: 'facebook' })),
      otherSite: await errorCode(
        await app.request('/auth/v1/social/start', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: appOrigin },
          body: JSON.stringify(body),
        }),
      ),
    }).toEqual({
      origin: '400 BAD_REQUEST',
      returnUrl: '400 BAD_REQUEST',
      notConfigured: '404 PROVIDER_NOT_CONFIGURED',
      otherSite: '403 ORIGIN_NOT_ALLOWED',
    })

    // At most N open flows per device: the oldest is dropped.
    const capped = build({ socialLimits: { openFlowsPerDevice: 2, startsPerDevicePerHour: 3 } })
    const device = newFrame()
    const states: string[] = []
    for (let i = 0; i < 3; i++) {
      time += 1
      states.push((await startedUri(await start('google', device, { on: capped }))).state)
    }
    const first = await capped.request(`/auth/v1/social/callback?code=c&state=${states[0]}`)
    expect(first.status).toBe(400)
    const last = await capped.request(`/auth/v1/social/callback?code=c&state=${states[2]}`)
    expect(last.status).toBe(200)
    // Starts per device per hour.
    expect(await errorCode(await start('google', device, { on: capped }))).toBe('429 RATE_LIMITED')
  })
})
