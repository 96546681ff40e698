import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { AuthApiError } from '../errors/frameRequest.ts'
import { createAuthApiClient } from './createAuthApiClient.ts'
import { toFrameError } from './toFrameError.ts'

const user = {
  id: 'u1',
  email: 'ada@example.com',
  username: null,
  signInMethod: 'email',
  address: null,
  authShare: null,
  sealedRecoveryShare: null,
}

/** A stand-in for the API's answers, for the client's own mapping only (flows use the real API). */
function stub() {
  const seen: { method: string; path: string; auth?: string; body?: unknown }[] = []
  const app = new Hono()
  app.use(async (c, next) => {
    const text = await c.req.text()
    seen.push({
      method: c.req.method,
      path: c.req.path,
      ...(c.req.header('authorization') ? { auth: c.req.header('authorization') } : {}),
      ...(text ? { body: JSON.parse(text) } : {}),
    })
    await next()
  })
  app.post('/auth/v1/email/start', (c) =>
    c.json(
      {
        error: {
          code: 'EMAIL_COOLDOWN',
          message: 'Please try again after 12 seconds',
          retryAfterSeconds: 12,
        },
      },
      429,
    ),
  )
  app.get('/auth/v1/user', (c) => c.json(user))
  app.post('/auth/v1/signout', (c) =>
    c.json({ error: { code: 'SESSION_EXPIRED', message: 'The session has ended.' } }, 401),
  )
  app.post('/auth/v1/export/start', (c) =>
    c.text('<html>proxy error</html>', 502, { 'retry-after': '7' }),
  )
  app.post('/auth/v1/export/verify', (c) => c.json({ ok: 'yes' }))
  const session = { token: 's', expiresAt: '2030-01-01T00:00:00.000Z', user }
  app.post('/auth/v1/social/start', (c) =>
    c.json({ uri: 'https://github.test/a?state=s1', state: 's1' }),
  )
  app.post('/auth/v1/social/verify', (c) => c.json(session))
  app.post('/auth/v1/farcaster/start', (c) =>
    c.json({ url: 'https://farcaster.test/c', channelId: 'c1', expiresAt: session.expiresAt }),
  )
  let polls = 0
  app.post('/auth/v1/farcaster/verify', (c) =>
    c.json(
      ++polls === 1
        ? { status: 'pending' }
        : polls === 2
          ? { status: 'completed', ...session }
          : { status: 'completed' },
    ),
  )
  return { seen, fetchFn: ((input, init) => app.request(String(input), init)) as typeof fetch }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('Expected a failure.')
    },
    (error: unknown) => error as AuthApiError,
  )

describe('createAuthApiClient', () => {
  it('sends JSON bodies and the Bearer token to /auth/v1, and checks answers', async () => {
    const { seen, fetchFn } = stub()
    const client = createAuthApiClient({ apiUrl: 'http://api.test/', fetchFn })
    expect(await client.getUser('t0k3n')).toEqual(user)
    const cooldown = await failure(
      client.emailStart({ projectId: 'shop', email: 'ada@example.com', deviceId: 'a'.repeat(32) }),
    )
    expect(seen).toEqual([
      { method: 'GET', path: '/auth/v1/user', auth: 'Bearer t0k3n' },
      {
        method: 'POST',
        path: '/auth/v1/email/start',
        body: { projectId: 'shop', email: 'ada@example.com', deviceId: 'a'.repeat(32) },
      },
    ])
    expect(cooldown).toBeInstanceOf(AuthApiError)
    expect(toFrameError(cooldown)).toEqual({
      code: 'EMAIL_COOLDOWN',
      message: 'Please try again after 12 seconds',
      retryAfterSeconds: 12,
    })
  })

  it('calls the social and Farcaster routes and parses their answers', async () => {
    const { seen, fetchFn } = stub()
    const client = createAuthApiClient({ apiUrl: 'http://api.test', fetchFn })
    const deviceId = 'a'.repeat(32)
    const flowSecretHash = 'b'.repeat(64)
    const flowSecret = 'c'.repeat(43)
    const start = {
      projectId: 'shop',
      provider: 'github',
      deviceId,
      flowSecretHash,
      appOrigin: 'https://shop.test',
      returnUrl: 'https://shop.test/',
      mode: 'popup',
    } as const
    expect(await client.socialStart(start)).toEqual({
      uri: 'https://github.test/a?state=s1',
      state: 's1',
    })
    const verify = {
      projectId: 'shop',
      provider: 'github',
      deviceId,
      flowSecret,
      callback: '?code=x&state=s1',
    } as const
    expect(await client.socialVerify(verify)).toMatchObject({ token: 's', user })
    expect(await client.farcasterStart({ projectId: 'shop', deviceId, flowSecretHash })).toEqual({
      url: 'https://farcaster.test/c',
      channelId: 'c1',
      expiresAt: '2030-01-01T00:00:00.000Z',
    })
    const poll = { projectId: 'shop', deviceId, channelId: 'c1', flowSecret }
    expect(await client.farcasterVerify(poll)).toEqual({ status: 'pending' })
    expect(await client.farcasterVerify(poll)).toMatchObject({ status: 'completed', token: 's' })
    // 'completed' without the session is not an answer.
    expect(toFrameError(await failure(client.farcasterVerify(poll)))).toEqual({
      code: 'BAD_RESPONSE',
      message: 'The Latch API answered unexpectedly.',
    })
    expect(seen.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/auth/v1/social/start', start],
      ['POST', '/auth/v1/social/verify', verify],
      ['POST', '/auth/v1/farcaster/start', { projectId: 'shop', deviceId, flowSecretHash }],
      ['POST', '/auth/v1/farcaster/verify', poll],
      ['POST', '/auth/v1/farcaster/verify', poll],
      ['POST', '/auth/v1/farcaster/verify', poll],
    ])
  })

  it("maps the API's errors, a non-JSON answer and a wrong shape", async () => {
    const { fetchFn } = stub()
    const client = createAuthApiClient({ apiUrl: 'http://api.test', fetchFn })
    const expired = await failure(client.signOut('old'))
    expect(expired.status).toBe(401)
    expect(toFrameError(expired)).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'The session has ended.',
    })
    expect(toFrameError(await failure(client.exportStart('t')))).toEqual({
      code: 'HTTP_502',
      message: 'Something went wrong.',
      retryAfterSeconds: 7,
    })
    expect(toFrameError(await failure(client.exportVerify('t', { otp: '123456' })))).toEqual({
      code: 'BAD_RESPONSE',
      message: 'The Latch API answered unexpectedly.',
    })
  })

  it('gives up after its timeout, and says when the API cannot be reached', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )
    const slow = createAuthApiClient({ apiUrl: 'http://api.test', fetchFn: hanging, timeoutMs: 20 })
    expect(toFrameError(await failure(slow.getUser('t')))).toEqual({
      code: 'TIMEOUT',
      message: 'The Latch API did not answer in time.',
    })
    const down = createAuthApiClient({
      apiUrl: 'http://api.test',
      fetchFn: async () => {
        throw new TypeError('fetch failed')
      },
    })
    expect(toFrameError(await failure(down.getUser('t')))).toEqual({
      code: 'NETWORK',
      message: 'Could not reach the Latch API.',
    })
  })
})
