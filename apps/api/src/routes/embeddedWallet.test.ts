import { authUserSchema, emailVerifyResponseSchema, otpMaxAttempts } from '@latch/api-contract'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createApp, type EmbeddedWalletAppDeps } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { embeddedCodes, embeddedSessions, embeddedWallets } from '../db/schema/index.ts'
import { forEachDatabase } from '../db/testing.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { networkFromInput } from '../network.ts'
import type { Mail, Mailer } from '../services/embeddedWallet/mailer.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const authOrigin = 'http://127.0.0.1:4177'
const projectId = 'embedded-project'
const deviceA = 'a'.repeat(32)
const deviceB = 'b'.repeat(32)
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const authShare = 'QVVUSC1TSEFSRS1QTEFJTlRFWFQtMTIzNDU2Nzg5MA=='
const sealedRecoveryShare = 'U0VBTEVELVJFQ09WRVJZLVNIQVJF'

const network = networkFromInput({
  id: 31337,
  name: 'Dead RPC',
  rpcUrl: 'http://127.0.0.1:9/rpc',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})

/** Keeps every mail; `failNext` makes the next send fail like an SMTP outage. */
function createCapturingMailer() {
  const sent: Mail[] = []
  let failures = 0
  const mailer: Mailer = {
    async send(mail) {
      if (failures > 0) {
        failures--
        throw new Error('connect ECONNREFUSED 127.0.0.1:4178')
      }
      sent.push(mail)
    },
  }
  return {
    mailer,
    sent,
    failNext() {
      failures++
    },
    /** The 6-digit code of the last mail to `to`. */
    codeFor(to: string) {
      const mail = sent.findLast((item) => item.to === to)
      const code = /^(\d{6}) is your Latch code$/.exec(mail?.subject ?? '')?.[1]
      if (!code) throw new Error(`No code mailed to ${to}.`)
      return code
    },
    linkFor(to: string) {
      const mail = sent.findLast((item) => item.to === to)
      const link = /(http\S+\/auth\/v1\/device\/approve\?token=[\w-]+)/.exec(mail?.text ?? '')?.[1]
      if (!link) throw new Error(`No device link mailed to ${to}.`)
      return link
    },
  }
}

forEachDatabase('the embedded wallet auth API', (context) => {
  let time = Date.parse('2026-01-01T00:00:00Z')
  const clock = {
    advance(ms: number) {
      time += ms
    },
  }
  let mail: ReturnType<typeof createCapturingMailer>
  let app: ReturnType<typeof createApp>
  let emailCount = 0
  /** A fresh address per test: cooldowns and caps are per address. */
  const newEmail = () => `person${++emailCount}@example.com`

  const build = (embedded: Partial<EmbeddedWalletAppDeps> = {}) =>
    createApp({
      networks: [network],
      projects: createMemoryProjectStore([
        { id: projectId, name: 'Embedded', allowedOrigins: ['https://dapp.example'] },
      ]),
      clients: createChainClients([network], { timeout: 500, retryCount: 0 }),
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
      db: context.db,
      publicUrl: 'http://api.test',
      embeddedWallet: {
        authUrl: `${authOrigin}/`,
        mailer: mail.mailer,
        authShareKey: new Uint8Array(32).fill(7),
        now: () => new Date(time),
        ...embedded,
      },
    })

  beforeAll(() => {
    mail = createCapturingMailer()
    app = build()
  })
  afterEach(() => {
    // Past every cooldown, so tests do not wait on each other.
    clock.advance(60_000)
  })

  const post = (
    path: string,
    body: unknown,
    { token, origin = authOrigin }: { token?: string; origin?: string | null } = {},
  ) =>
    app.request(`/auth/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(origin === null ? {} : { origin }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
  const get = (
    path: string,
    { token, origin = authOrigin }: { token?: string; origin?: string } = {},
  ) =>
    app.request(`/auth/v1${path}`, {
      headers: { origin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    })
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
      message: string
    }

  const start = (email: string, deviceId = deviceA) =>
    post('/email/start', { projectId, email, deviceId })
  const verify = (email: string, otp: string, deviceId = deviceA) =>
    post('/email/verify', { projectId, email, deviceId, otp })

  /** Signs in from scratch and answers the session. */
  const signIn = async (email: string, deviceId = deviceA) => {
    const started = await start(email, deviceId)
    expect(await started.json()).toEqual({ action: 'VERIFY_OTP' })
    const response = await verify(email, mail.codeFor(email), deviceId)
    expect(response.status).toBe(200)
    return emailVerifyResponseSchema.parse(await response.json())
  }
  const createWallet = (token: string) =>
    post('/wallet', { address: address.toLowerCase(), authShare, sealedRecoveryShare }, { token })

  test('sign in by email: the code mailed, a session, the wallet stored with its auth share encrypted', async () => {
    const email = newEmail()
    const started = await start(` ${email.toUpperCase()} `)
    expect(started.status).toBe(200)
    expect(started.headers.get('cache-control')).toBe('no-store')
    expect(started.headers.get('access-control-allow-origin')).toBe(authOrigin)
    expect(await started.json()).toEqual({ action: 'VERIFY_OTP' })
    const message = mail.sent.at(-1)
    const code = mail.codeFor(email)
    expect(message?.subject).toBe(`${code} is your Latch code`)
    expect(message?.text).toContain(`Your Latch code is ${code}. It expires in 10 minutes.`)
    expect(message?.html).toContain(code)
    // Never stored in clear.
    const [row] = await context.db
      .select()
      .from(embeddedCodes)
      .where(eq(embeddedCodes.email, email))
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.codeHash).not.toContain(code)

    const verified = await verify(email, code)
    expect(verified.status).toBe(200)
    const session = emailVerifyResponseSchema.parse(await verified.json())
    expect(session.token).toMatch(/^[\w-]{43}$/)
    expect(Date.parse(session.expiresAt) - time).toBe(7 * 24 * 3600 * 1000)
    expect(session.user).toMatchObject({ email, address: null, authShare: null })
    const [stored] = await context.db
      .select()
      .from(embeddedSessions)
      .where(eq(embeddedSessions.userId, session.user.id))
    expect(stored?.tokenHash).not.toBe(session.token)

    const user = await get('/user', { token: session.token })
    expect(authUserSchema.parse(await user.json())).toEqual(session.user)

    const created = await createWallet(session.token)
    expect(created.status).toBe(200)
    expect(await created.json()).toEqual({
      id: session.user.id,
      email,
      username: null,
      signInMethod: 'email',
      address,
      authShare,
      sealedRecoveryShare,
    })
    const [wallet] = await context.db
      .select()
      .from(embeddedWallets)
      .where(eq(embeddedWallets.userId, session.user.id))
    expect(wallet?.authShareEncrypted).toMatch(/^v1:/)
    expect(wallet?.authShareEncrypted).not.toContain(authShare)
    expect(
      Buffer.from(wallet?.authShareEncrypted.slice(3) ?? '', 'base64').toString('latin1'),
    ).not.toContain(Buffer.from(authShare, 'base64').toString('latin1'))
    expect(await errorOf(await createWallet(session.token))).toEqual({
      status: 409,
      code: 'WALLET_EXISTS',
      message: 'This account already has a wallet.',
    })
    // Reload: the stored token still reads the user, the share decrypted for it.
    expect(await (await get('/user', { token: session.token })).json()).toMatchObject({
      address,
      authShare,
    })
  })

  test('a wrong code says how many tries are left; the fifth wrong one spends it', async () => {
    const email = newEmail()
    await start(email)
    const code = mail.codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await errorOf(await verify(email, wrong))).toEqual({
      status: 400,
      code: 'INVALID_OTP',
      message: 'The code is not correct: 4 tries left.',
    })
    for (let index = 2; index < otpMaxAttempts; index++) await verify(email, wrong)
    expect((await errorOf(await verify(email, wrong))).code).toBe('OTP_EXPIRED')
    expect(await errorOf(await verify(email, code))).toEqual({
      status: 400,
      code: 'OTP_EXPIRED',
      message: 'The code was entered wrong too many times: ask for a new one.',
    })
  })

  test('parallel guesses count as tries too', async () => {
    const email = newEmail()
    await start(email)
    const code = mail.codeFor(email)
    const guesses = Array.from({ length: 12 }, (_, index) =>
      String((Number(code) + 1 + index) % 1e6).padStart(6, '0'),
    )
    const answers = await Promise.all(guesses.map((guess) => verify(email, guess)))
    const codes = await Promise.all(answers.map(async (answer) => (await errorOf(answer)).code))
    expect(codes.filter((value) => value === 'INVALID_OTP').length).toBe(otpMaxAttempts - 1)
    expect((await errorOf(await verify(email, code))).code).toBe('OTP_EXPIRED')
  })

  test('an expired code and a used code are refused', async () => {
    const email = newEmail()
    await start(email)
    clock.advance(10 * 60_000)
    expect(await errorOf(await verify(email, mail.codeFor(email)))).toEqual({
      status: 400,
      code: 'OTP_EXPIRED',
      message: 'The code has expired: ask for a new one.',
    })
    clock.advance(60_000)
    await start(email)
    const code = mail.codeFor(email)
    expect((await verify(email, code)).status).toBe(200)
    expect(await errorOf(await verify(email, code))).toEqual({
      status: 400,
      code: 'OTP_EXPIRED',
      message: 'The code was already used: ask for a new one.',
    })
    // Only the newest code works, and only on the device that asked for it.
    clock.advance(60_000)
    await start(email)
    const first = mail.codeFor(email)
    expect((await errorOf(await verify(email, first, deviceB))).code).toBe('OTP_EXPIRED')
    clock.advance(60_000)
    await start(email)
    const second = mail.codeFor(email)
    if (second !== first)
      expect((await errorOf(await verify(email, first))).code).toBe('INVALID_OTP')
    expect((await verify(email, second)).status).toBe(200)
  })

  test('a new email within 30 s: "Please try again after {n} seconds", n rounded up', async () => {
    const email = newEmail()
    expect((await start(email)).status).toBe(200)
    const sentBefore = mail.sent.length
    const again = await start(email)
    expect(again.headers.get('retry-after')).toBe('30')
    expect(await again.json()).toEqual({
      error: {
        code: 'EMAIL_COOLDOWN',
        message: 'Please try again after 30 seconds',
        retryAfterSeconds: 30,
      },
    })
    clock.advance(10_500)
    expect(await errorOf(await start(email, deviceB))).toMatchObject({
      status: 429,
      message: 'Please try again after 20 seconds',
    })
    clock.advance(19_499)
    expect((await errorOf(await start(email))).message).toBe('Please try again after 1 seconds')
    expect(mail.sent.length).toBe(sentBefore)
    clock.advance(1)
    expect((await start(email)).status).toBe(200)
  })

  test('a mail failure answers 503 and leaves no cooldown behind', async () => {
    const email = newEmail()
    mail.failNext()
    expect(await errorOf(await start(email))).toEqual({
      status: 503,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The email could not be sent right now: try again in a moment.',
    })
    expect((await start(email)).status).toBe(200)
    expect((await verify(email, mail.codeFor(email))).status).toBe(200)
  })

  test('emails per address per hour are capped', async () => {
    const capped = build({ limits: { mailsPerEmailPerHour: 2 } })
    const email = newEmail()
    const send = () =>
      capped.request('/auth/v1/email/start', {
        method: 'POST',
        headers: { origin: authOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId, email, deviceId: deviceA }),
      })
    // Windows are whole hours: start at the top of one.
    clock.advance(3_600_000 - (time % 3_600_000))
    expect((await send()).status).toBe(200)
    clock.advance(31_000)
    expect((await send()).status).toBe(200)
    clock.advance(31_000)
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(
      ((await refused.json()) as { error: { code: string; message: string } }).error,
    ).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many emails to this address in the last hour: try again in 59 minutes.',
    })
    // The refusal left the cooldown free.
    clock.advance(3_600_000)
    expect((await send()).status).toBe(200)
  })

  test('code tries per address per hour are capped, whichever code', async () => {
    const capped = build({ limits: { triesPerEmailPerHour: 3 } })
    const email = newEmail()
    const send = (path: string, body: object) =>
      capped.request(`/auth/v1${path}`, {
        method: 'POST',
        headers: { origin: authOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId, email, deviceId: deviceA, ...body }),
      })
    clock.advance(3_600_000 - (time % 3_600_000))
    await send('/email/start', {})
    const code = mail.codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let index = 0; index < 3; index++)
      expect((await errorOf(await send('/email/verify', { otp: wrong }))).code).toBe('INVALID_OTP')
    const refused = await send('/email/verify', { otp: code })
    expect(refused.headers.get('retry-after')).toBe('3600')
    expect(await errorOf(refused)).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many code attempts in the last hour: try again in 60 minutes.',
    })
  })

  test('a known user on a new device: approval link, then a code (VERIFY_DEVICE, VERIFY_OTP, CONNECT)', async () => {
    const email = newEmail()
    const first = await signIn(email, deviceA)
    await createWallet(first.token)
    clock.advance(60_000)

    const started = await start(email, deviceB)
    expect(await started.json()).toEqual({ action: 'VERIFY_DEVICE' })
    const link = mail.linkFor(email)
    expect(link.startsWith('http://api.test/auth/v1/device/approve?token=')).toBe(true)
    expect(mail.sent.at(-1)?.subject).toBe('Approve this device to sign in to Latch')
    // Not approved yet: asking again is the cooldown, and no code works.
    expect((await errorOf(await start(email, deviceB))).code).toBe('EMAIL_COOLDOWN')
    clock.advance(31_000)
    expect(await (await start(email, deviceB)).json()).toEqual({ action: 'VERIFY_DEVICE' })
    const newest = mail.linkFor(email)
    // The first device still gets codes.
    // The link is opened top-level, from the mail: no Origin, a plain page without script.
    const opened = await app.request(new URL(newest).pathname + new URL(newest).search)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-type')).toContain('text/html')
    expect(opened.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    )
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await opened.text()
    expect(html).toContain('Device approved. Go back to the app.')
    expect(html).not.toContain('<script')
    const reopened = await app.request(new URL(newest).pathname + new URL(newest).search)
    expect(reopened.status).toBe(200)
    expect(await reopened.text()).toContain('This link was already used.')
    // The older link was replaced by the newer one.
    expect(
      await (await app.request(new URL(link).pathname + new URL(link).search)).text(),
    ).toContain('This link was already used.')
    expect(await (await app.request('/auth/v1/device/approve?token=nope')).text()).toContain(
      'This link is not valid.',
    )

    // Approved: the cooldown is lifted, and the device gets a code at once.
    expect(await (await start(email, deviceB)).json()).toEqual({ action: 'VERIFY_OTP' })
    const second = await verify(email, mail.codeFor(email), deviceB)
    expect(second.status).toBe(200)
    const session = emailVerifyResponseSchema.parse(await second.json())
    expect(session.user).toMatchObject({
      id: first.user.id,
      address,
      authShare,
      sealedRecoveryShare,
    })
  })

  test('devices and sessions per user are capped; strangers asking for links evict no approved device', async () => {
    const capped = build({
      limits: {
        devicesPerUser: 2,
        pendingDevicesPerUser: 1,
        sessionsPerUser: 2,
        mailsPerEmailPerHour: 100,
      },
    })
    const call = (path: string, body: unknown, token?: string) =>
      capped.request(`/auth/v1${path}`, {
        method: path === '/user' ? 'GET' : 'POST',
        headers: {
          origin: authOrigin,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(path === '/user' ? {} : { body: JSON.stringify(body) }),
      })
    const email = newEmail()
    const startOn = async (deviceId: string) => {
      clock.advance(31_000)
      return (
        (await (await call('/email/start', { projectId, email, deviceId })).json()) as {
          action: string
        }
      ).action
    }
    const signInOn = async (deviceId: string) => {
      expect(await startOn(deviceId)).toBe('VERIFY_OTP')
      const response = await call('/email/verify', {
        projectId,
        email,
        deviceId,
        otp: mail.codeFor(email),
      })
      return emailVerifyResponseSchema.parse(await response.json()).token
    }
    const approve = async (deviceId: string) => {
      expect(await startOn(deviceId)).toBe('VERIFY_DEVICE')
      const link = new URL(mail.linkFor(email))
      await capped.request(link.pathname + link.search)
    }
    const first = await signInOn(deviceA)
    await call('/wallet', { address, authShare, sealedRecoveryShare }, first)
    // Links asked for many devices: the approved one stays approved.
    for (const device of ['1', '2', '3'].map((digit) => digit.repeat(32)))
      expect(await startOn(device)).toBe('VERIFY_DEVICE')
    expect(await startOn(deviceA)).toBe('VERIFY_OTP')
    // Sessions: the third sign-in ends the oldest session.
    const second = await signInOn(deviceA)
    const third = await signInOn(deviceA)
    expect((await call('/user', undefined, first)).status).toBe(401)
    expect((await call('/user', undefined, second)).status).toBe(200)
    expect((await call('/user', undefined, third)).status).toBe(200)
    // Devices: a third approved device that signs in makes the least recently used one go.
    await approve(deviceB)
    await signInOn(deviceB)
    const deviceC = 'c'.repeat(32)
    await approve(deviceC)
    await signInOn(deviceC)
    expect(await startOn(deviceA)).toBe('VERIFY_DEVICE')
    expect(await startOn(deviceB)).toBe('VERIFY_OTP')
  })

  test('an expired device link says so', async () => {
    const email = newEmail()
    await createWallet((await signIn(email, deviceA)).token)
    clock.advance(60_000)
    await start(email, deviceB)
    const link = new URL(mail.linkFor(email))
    clock.advance(15 * 60_000)
    const opened = await app.request(link.pathname + link.search)
    expect(opened.status).toBe(200)
    expect(await opened.text()).toContain('This link has expired.')
  })

  test('update email: a code to each address, the current one first', async () => {
    const email = newEmail()
    const next = newEmail()
    const { token } = await signIn(email)
    clock.advance(60_000)
    expect(await (await post('/email/update', { email: next }, { token })).json()).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    const primary = mail.codeFor(email)
    const secondary = mail.codeFor(next)
    expect(
      (await errorOf(await post('/email/update/secondary', { otp: secondary }, { token }))).message,
    ).toBe('Enter the code sent to the current email first.')
    expect(
      (
        await errorOf(
          await post(
            '/email/update/primary',
            { otp: secondary === primary ? '000000' : secondary },
            { token },
          ),
        )
      ).code,
    ).toBe('INVALID_OTP')
    expect(await (await post('/email/update/primary', { otp: primary }, { token })).json()).toEqual(
      {
        action: 'VERIFY_SECONDARY_OTP',
      },
    )
    const updated = await post('/email/update/secondary', { otp: secondary }, { token })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({ email: next })
    expect(await (await get('/user', { token })).json()).toMatchObject({ email: next })
    // Taken addresses and the same address are refused.
    const other = newEmail()
    await signIn(other)
    clock.advance(60_000)
    expect(await errorOf(await post('/email/update', { email: other }, { token }))).toEqual({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'That email is already used by another account.',
    })
    expect((await errorOf(await post('/email/update', { email: next }, { token }))).status).toBe(
      400,
    )
  })

  test('export: a fresh code mailed, then checked once', async () => {
    const email = newEmail()
    const { token } = await signIn(email)
    clock.advance(60_000)
    expect(await (await post('/export/start', {}, { token })).json()).toEqual({ ok: true })
    const code = mail.codeFor(email)
    expect(mail.sent.at(-1)?.text).toContain('private key')
    expect(
      (
        await errorOf(
          await post('/export/verify', { otp: code === '000000' ? '111111' : '000000' }, { token }),
        )
      ).code,
    ).toBe('INVALID_OTP')
    expect(await (await post('/export/verify', { otp: code }, { token })).json()).toEqual({
      ok: true,
    })
    expect((await errorOf(await post('/export/verify', { otp: code }, { token }))).code).toBe(
      'OTP_EXPIRED',
    )
    expect((await errorOf(await post('/export/start', {}, { token }))).code).toBe('EMAIL_COOLDOWN')
  })

  test('sign out revokes the token; an expired session is a 401 SESSION_EXPIRED', async () => {
    const { token } = await signIn(newEmail())
    expect(await (await post('/signout', {}, { token })).json()).toEqual({ ok: true })
    expect(await errorOf(await get('/user', { token }))).toEqual({
      status: 401,
      code: 'SESSION_EXPIRED',
      message: 'The session has expired or was signed out: sign in again.',
    })
    expect((await errorOf(await post('/signout', {}, { token }))).code).toBe('SESSION_EXPIRED')
    expect(await errorOf(await get('/user'))).toEqual({
      status: 401,
      code: 'SESSION_EXPIRED',
      message: 'Sign in first: the request has no session token.',
    })
    expect((await errorOf(await get('/user', { token: 'x'.repeat(43) }))).code).toBe(
      'SESSION_EXPIRED',
    )

    clock.advance(60_000)
    const later = await signIn(newEmail())
    clock.advance(7 * 24 * 3600 * 1000 - 1)
    expect((await get('/user', { token: later.token })).status).toBe(200)
    clock.advance(1)
    expect((await errorOf(await get('/user', { token: later.token }))).code).toBe('SESSION_EXPIRED')
  })

  test('only the auth site may call /auth/v1; its preflight allows the bearer header', async () => {
    const email = newEmail()
    for (const origin of ['https://dapp.example', 'http://localhost:5173', 'null'])
      expect(
        await errorOf(
          await post('/email/start', { projectId, email, deviceId: deviceA }, { origin }),
        ),
      ).toEqual({
        status: 403,
        code: 'ORIGIN_NOT_ALLOWED',
        message: 'Only the embedded wallet site may call this.',
      })
    expect(
      (
        await errorOf(
          await post('/email/start', { projectId, email, deviceId: deviceA }, { origin: null }),
        )
      ).code,
    ).toBe('ORIGIN_NOT_ALLOWED')
    const foreign = await get('/user', { origin: 'https://dapp.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect(mail.sent.some((item) => item.to === email)).toBe(false)

    const preflight = await app.request('/auth/v1/user', {
      method: 'OPTIONS',
      headers: {
        origin: authOrigin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(authOrigin)
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    )
    const foreignPreflight = await app.request('/auth/v1/user', {
      method: 'OPTIONS',
      headers: { origin: 'https://dapp.example', 'access-control-request-method': 'GET' },
    })
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  test("the auth site may call the project's other routes (the frame reads chains through the API)", async () => {
    const response = await app.request(`/v1/supported-chains?projectId=${projectId}`, {
      headers: { origin: authOrigin },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(authOrigin)
    // The project's own page still may; others still may not.
    const page = await app.request(`/v1/supported-chains?projectId=${projectId}`, {
      headers: { origin: 'https://dapp.example' },
    })
    expect(page.status).toBe(200)
    const other = await app.request(`/v1/supported-chains?projectId=${projectId}`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(other.status).toBe(403)
  })

  test('a known project and a valid email are required', async () => {
    expect(
      await errorOf(
        await post('/email/start', { projectId: 'nope', email: newEmail(), deviceId: deviceA }),
      ),
    ).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized: invalid key',
    })
    expect(
      await errorOf(await post('/email/start', { email: newEmail(), deviceId: deviceA })),
    ).toMatchObject({
      status: 400,
      message: 'A projectId is required.',
    })
    expect(
      await errorOf(
        await post('/email/start', { projectId, email: 'not-an-email', deviceId: deviceA }),
      ),
    ).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Enter a valid email address.',
    })
    expect(
      (
        await errorOf(
          await post('/email/start', { projectId, email: newEmail(), deviceId: 'short' }),
        )
      ).message,
    ).toBe('deviceId must be 32 lowercase hex characters.')
    expect((await errorOf(await verify(newEmail(), '12345'))).message).toBe('The code is 6 digits.')
  })
})

describe('without the embedded wallet', () => {
  test('/auth/v1 is not served', async () => {
    const app = createApp({
      networks: [network],
      projects: createMemoryProjectStore([]),
      clients: createChainClients([network]),
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
    })
    expect((await app.request('/auth/v1/user')).status).toBe(404)
  })
})
