import { createHash, randomBytes } from 'node:crypto'
import {
  type AuthUser,
  createWalletBodySchema,
  embeddedSessionTtlMs,
  farcasterStartBodySchema,
  farcasterVerifyBodySchema,
  type SignInMethod,
  type SocialButton,
  socialProviderNames,
  socialStartBodySchema,
  socialVerifyBodySchema,
} from '@latch/api-contract'
import { type Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Who a test "signs in" as at the provider: the callback's `code` names one of these. */
export type FakeIdentity = { subject: string; email: string | null; username: string }

type User = {
  id: string
  email: string | null
  address: string | null
  authShare: string | null
  sealedRecoveryShare: string | null
}
type Flow = {
  kind: 'social' | 'farcaster'
  provider: SignInMethod
  deviceId: string
  hash: string
  projectId: string
  expiresAt: number
  used: boolean
  /** Farcaster: set once the test's "client" signed. */
  signedBy?: FakeIdentity | undefined
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const random = () => randomBytes(16).toString('hex')
const fail = (c: Context, status: ContentfulStatusCode, code: string, message: string) =>
  c.json({ error: { code, message } }, status)

/**
 * A stand-in for the API's social and Farcaster routes (and the session routes they lead to:
 * user, wallet, export, sign-out), for the frame's flows before the real routes and local
 * providers exist. It keeps the rules the frame relies on: bodies checked by the contract's
 * schemas, flows found by state or channel id, bound to the device and the flow secret's hash,
 * single use, 10 minutes; a user per (provider, subject), no email when the provider gave none.
 */
export function createFakeSocialApi(options: { now: () => number }) {
  const { now } = options
  const flows = new Map<string, Flow>()
  const identities = new Map<string, string>()
  const users = new Map<string, User>()
  const sessions = new Map<
    string,
    { userId: string; method: SignInMethod; username: string | null }
  >()
  const calls: { path: string; body?: unknown }[] = []
  const settings = {
    /** Identities by the callback's `code`. */
    identities: {
      ada: { subject: '1001', email: 'ada@example.com', username: 'ada' },
      alan: { subject: '1003', email: null, username: 'alan' },
    } as Record<string, FakeIdentity>,
    /** Providers not configured here (404 PROVIDER_NOT_CONFIGURED). */
    unconfigured: [] as SocialButton[],
    /** The next answers of a route, as an HTTP status and error code, before the real one. */
    failures: [] as { path: string; status: ContentfulStatusCode; code: string; message: string }[],
    farcasterChannelMs: 10 * 60 * 1000,
  }

  const toUser = (session: { userId: string; method: SignInMethod; username: string | null }) => {
    const user = users.get(session.userId) as User
    return {
      ...user,
      username: session.username,
      signInMethod: session.method,
    } satisfies AuthUser
  }
  function signIn(method: SignInMethod, identity: FakeIdentity) {
    const key = `${method}:${identity.subject}`
    let userId = identities.get(key)
    if (!userId) {
      userId = random()
      identities.set(key, userId)
      users.set(userId, {
        id: userId,
        email: identity.email,
        address: null,
        authShare: null,
        sealedRecoveryShare: null,
      })
    }
    const token = random()
    const session = { userId, method, username: identity.username }
    sessions.set(token, session)
    return {
      token,
      expiresAt: new Date(now() + embeddedSessionTtlMs).toISOString(),
      user: toUser(session),
    }
  }
  /** The flow named by `id` when it belongs to this device, project and secret. */
  function findFlow(
    id: string | null,
    body: { projectId: string; deviceId: string; flowSecret: string },
  ) {
    const flow = id ? flows.get(id) : undefined
    if (
      !flow ||
      flow.projectId !== body.projectId ||
      flow.deviceId !== body.deviceId ||
      flow.hash !== sha256(body.flowSecret)
    )
      return { error: 'SOCIAL_STATE_MISMATCH' as const }
    if (flow.used || !(now() < flow.expiresAt)) return { error: 'SOCIAL_EXPIRED' as const }
    return { flow }
  }

  const app = new Hono()
  app.use(async (c, next) => {
    const text = await c.req.text()
    calls.push({ path: c.req.path, ...(text ? { body: JSON.parse(text) } : {}) })
    const failure = settings.failures.findIndex((item) => item.path === c.req.path)
    if (failure >= 0) {
      const [item] = settings.failures.splice(failure, 1)
      if (item) return fail(c, item.status, item.code, item.message)
    }
    await next()
  })
  const mismatch = (c: Context) =>
    fail(c, 400, 'SOCIAL_STATE_MISMATCH', 'This sign-in was not started here: start again.')
  const expired = (c: Context) =>
    fail(c, 400, 'SOCIAL_EXPIRED', 'This sign-in has expired or was already used: start again.')

  app.post('/auth/v1/social/start', async (c) => {
    const body = socialStartBodySchema.safeParse(await c.req.json())
    if (!body.success) return fail(c, 400, 'INVALID_REQUEST', 'The body is invalid.')
    const { provider } = body.data
    if (settings.unconfigured.includes(provider))
      return fail(
        c,
        404,
        'PROVIDER_NOT_CONFIGURED',
        `Sign-in with ${socialProviderNames[provider]} is not available here.`,
      )
    const state = randomBytes(32).toString('base64url')
    flows.set(state, {
      kind: 'social',
      provider,
      deviceId: body.data.deviceId,
      hash: body.data.flowSecretHash,
      projectId: body.data.projectId,
      expiresAt: now() + 10 * 60 * 1000,
      used: false,
    })
    return c.json({ uri: `https://${provider}.test/authorize?state=${state}`, state })
  })

  app.post('/auth/v1/social/verify', async (c) => {
    const body = socialVerifyBodySchema.safeParse(await c.req.json())
    if (!body.success) return fail(c, 400, 'INVALID_REQUEST', 'The body is invalid.')
    const query = new URLSearchParams(body.data.callback)
    const found = findFlow(query.get('state'), body.data)
    if (found.error === 'SOCIAL_EXPIRED') return expired(c)
    if (!found.flow || found.flow.provider !== body.data.provider) return mismatch(c)
    found.flow.used = true
    const name = socialProviderNames[body.data.provider]
    if (query.get('error') === 'access_denied')
      return fail(c, 400, 'SOCIAL_DENIED', `You declined the sign-in with ${name}.`)
    const identity = settings.identities[query.get('code') ?? '']
    if (!identity) return expired(c)
    return c.json(signIn(body.data.provider, identity))
  })

  app.post('/auth/v1/farcaster/start', async (c) => {
    const body = farcasterStartBodySchema.safeParse(await c.req.json())
    if (!body.success) return fail(c, 400, 'INVALID_REQUEST', 'The body is invalid.')
    const channelId = random()
    const expiresAt = now() + settings.farcasterChannelMs
    flows.set(channelId, {
      kind: 'farcaster',
      provider: 'farcaster',
      deviceId: body.data.deviceId,
      hash: body.data.flowSecretHash,
      projectId: body.data.projectId,
      expiresAt,
      used: false,
    })
    return c.json({
      url: `https://farcaster.test/~/siwf?channelToken=${channelId}`,
      channelId,
      expiresAt: new Date(expiresAt).toISOString(),
    })
  })

  app.post('/auth/v1/farcaster/verify', async (c) => {
    const body = farcasterVerifyBodySchema.safeParse(await c.req.json())
    if (!body.success) return fail(c, 400, 'INVALID_REQUEST', 'The body is invalid.')
    const found = findFlow(body.data.channelId, body.data)
    if (found.error === 'SOCIAL_EXPIRED') return expired(c)
    if (found.flow?.kind !== 'farcaster') return mismatch(c)
    const { signedBy } = found.flow
    if (!signedBy) return c.json({ status: 'pending' })
    found.flow.used = true
    return c.json({ status: 'completed', ...signIn('farcaster', signedBy) })
  })

  const session = (c: Context) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    return token ? sessions.get(token) : undefined
  }
  const ended = (c: Context) => fail(c, 401, 'SESSION_EXPIRED', 'The session has ended.')

  app.get('/auth/v1/user', (c) => {
    const current = session(c)
    return current ? c.json(toUser(current)) : ended(c)
  })
  app.post('/auth/v1/wallet', async (c) => {
    const current = session(c)
    if (!current) return ended(c)
    const body = createWalletBodySchema.parse(await c.req.json())
    const user = users.get(current.userId) as User
    if (user.address) return fail(c, 409, 'WALLET_EXISTS', 'This user already has a wallet.')
    Object.assign(user, body)
    return c.json(toUser(current))
  })
  app.post('/auth/v1/export/start', (c) => {
    const current = session(c)
    if (!current) return ended(c)
    if (!users.get(current.userId)?.email)
      return fail(c, 409, 'CONFLICT', 'Add an email to this wallet before exporting its key.')
    return c.json({ ok: true })
  })
  app.post('/auth/v1/signout', (c) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token || !sessions.delete(token)) return ended(c)
    return c.json({ ok: true })
  })

  return {
    fetchFn: ((input, init) => app.request(String(input), init)) as typeof fetch,
    calls,
    settings,
    /** Whether a session token is still open at the API. */
    isOpen: (token: string) => sessions.has(token),
    openSessions: () => sessions.size,
    /** What a Farcaster client does: signs in the channel as `identity`. */
    signFarcaster(channelId: string, identity: FakeIdentity) {
      const flow = flows.get(channelId)
      if (flow?.kind !== 'farcaster') throw new Error(`No channel ${channelId}.`)
      flow.signedBy = identity
    },
    /** The verify calls made so far to a path. */
    count: (path: string) => calls.filter((call) => call.path === path).length,
  }
}
