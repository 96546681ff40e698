import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { checkBrowserRequest } from '../checkBrowserRequest.ts'
import type { ChannelStore } from './createChannelStore.ts'
import { createFarcasterSignature } from './createFarcasterSignature.ts'
import type { FarcasterTestUser } from './farcasterTestUsers.ts'
import { authenticateBodySchema, createChannelBodySchema, signFormSchema } from './relaySchemas.ts'
import { renderSiwfPage, siwfPageCsp } from './renderSiwfPage.ts'

export type CreateFarcasterRelayAppParameters = {
  /** Where the relay is reached, e.g. `http://127.0.0.1:4180`: channel URLs start with it. */
  publicUrl: string
  /** The secret a Farcaster client sends in `X-Farcaster-Auth-Relay-Key` to complete a channel. */
  relayKey: string
  channels: ChannelStore
  /** The devnet's Farcaster test users (FIDs registered in the devnet's IdRegistry). */
  users: readonly FarcasterTestUser[]
  log?: (line: string) => void
}

/** The largest request body the relay reads. */
const maxBodyBytes = 16 * 1024

/**
 * A local Farcaster auth relay (FIP-11) speaking the real relay's API:
 * `POST /v1/channel` (opens a channel), `GET /v1/channel/status` (Bearer channel token),
 * `POST /v1/channel/authenticate` (Bearer channel token plus the relay key: a Farcaster client
 * hands in the signed message). The channel's URL opens the relay's own test Farcaster client
 * at `/~/siwf`, which signs as a chosen devnet test user. Loopback only: a page on another site
 * or reached through a foreign host name is refused.
 */
export function createFarcasterRelayApp({
  publicUrl,
  relayKey,
  channels,
  users,
  log,
}: CreateFarcasterRelayAppParameters): Hono {
  const app = new Hono()
  const origin = new URL(publicUrl).origin
  const fail = (status: ContentfulStatusCode, code: string, message: string) =>
    Response.json({ error: { code, message } }, { status })
  const custodyOf = (fid: number) => users.find((user) => user.fid === fid)?.custody

  app.use(async (c, next) => {
    const checked = checkBrowserRequest({
      origin: c.req.header('origin'),
      host: c.req.header('host'),
    })
    if (!checked.allowed) return fail(403, checked.code, checked.message)
    await next()
    c.header('Cache-Control', 'no-store')
  })
  app.use(
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => fail(413, 'PAYLOAD_TOO_LARGE', `The body is over ${maxBodyBytes} bytes.`),
    }),
  )

  const readJson = async <T extends z.ZodType>(
    request: Request,
    schema: T,
  ): Promise<{ data: z.infer<T> } | { error: Response }> => {
    const json = await request.json().catch(() => undefined)
    if (json === undefined) return { error: fail(400, 'BAD_REQUEST', 'The body is not JSON.') }
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
      return { error: fail(400, 'BAD_REQUEST', `${where}${issue?.message ?? 'Invalid body.'}`) }
    }
    return { data: parsed.data }
  }
  const bearerChannel = (authorization: string | undefined) => {
    const token = /^Bearer ([A-Za-z0-9-]{1,128})$/.exec(authorization ?? '')?.[1]
    return token ? channels.get(token) : undefined
  }

  app.get('/health', (c) => c.json({ status: 'ok' }))

  app.post('/v1/channel', async (c) => {
    const body = await readJson(c.req.raw, createChannelBodySchema)
    if ('error' in body) return body.error
    const channel = channels.create(body.data, ({ token, request }) => {
      const url = new URL('/~/siwf', publicUrl)
      url.searchParams.set('channelToken', token)
      for (const key of [
        'nonce',
        'siweUri',
        'domain',
        'notBefore',
        'expirationTime',
        'requestId',
      ] as const) {
        const value = request[key]
        if (value !== undefined) url.searchParams.set(key, value)
      }
      return url.toString()
    })
    if (!channel) return fail(429, 'TOO_MANY_CHANNELS', 'Too many open channels: try again later.')
    return c.json(
      { channelToken: channel.token, url: channel.url, nonce: channel.request.nonce },
      201,
    )
  })

  app.get('/v1/channel/status', (c) => {
    const channel = bearerChannel(c.req.header('authorization'))
    if (!channel) return fail(401, 'UNAUTHORIZED', 'Unknown or expired channel token.')
    const status = channels.status(channel)
    // As the real relay: 202 while pending, 200 once completed.
    return c.json(status, status.state === 'pending' ? 202 : 200)
  })

  app.post('/v1/channel/authenticate', async (c) => {
    if (!matchesKey(c.req.header('x-farcaster-auth-relay-key'), relayKey))
      return fail(401, 'UNAUTHORIZED', 'A valid X-Farcaster-Auth-Relay-Key is required.')
    const channel = bearerChannel(c.req.header('authorization'))
    if (!channel) return fail(401, 'UNAUTHORIZED', 'Unknown or expired channel token.')
    const body = await readJson(c.req.raw, authenticateBodySchema)
    if ('error' in body) return body.error
    if (!channels.complete(channel.token, { ...body.data, custody: custodyOf(body.data.fid) }))
      return fail(409, 'CONFLICT', 'The channel is already completed.')
    log?.(`[farcaster] channel completed by FID ${body.data.fid} (@${body.data.username})`)
    return c.json(channels.status(channel), 201)
  })

  // The test Farcaster client: what the channel's URL (the QR code) opens.
  app.get('/~/siwf', (c) => {
    const channel = channels.get(c.req.query('channelToken') ?? '')
    return page(
      channel && !channel.completed
        ? {
            kind: 'choose',
            channelToken: channel.token,
            domain: channel.request.domain,
            users,
          }
        : { kind: 'gone' },
      channel && !channel.completed ? 200 : 410,
    )
  })

  app.post('/~/siwf', async (c) => {
    // Only the relay's own page may press the button (loopback pages are otherwise allowed).
    if (c.req.header('origin') !== origin)
      return fail(403, 'FORBIDDEN_ORIGIN', 'Only the test client page may sign.')
    const form = signFormSchema.safeParse(await c.req.parseBody().catch(() => ({})))
    if (!form.success) return fail(400, 'BAD_REQUEST', 'Pick a test user.')
    const channel = channels.get(form.data.channelToken)
    const user = users.find((candidate) => candidate.fid === form.data.fid)
    if (!channel || channel.completed || !user) return page({ kind: 'gone' }, 410)
    const signed = await createFarcasterSignature(channel.request, user)
    channels.complete(channel.token, {
      ...signed,
      fid: user.fid,
      username: user.username,
      displayName: user.displayName,
      bio: '',
      pfpUrl: '',
      custody: user.custody,
    })
    log?.(`[farcaster] test client signed in as FID ${user.fid} (@${user.username})`)
    return page({ kind: 'signed', username: user.username }, 200)
  })

  return app
}

function page(
  parameters: Parameters<typeof renderSiwfPage>[0],
  status: ContentfulStatusCode,
): Response {
  return new Response(renderSiwfPage(parameters), {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': siwfPageCsp,
      'X-Frame-Options': 'DENY',
      // same-origin, not no-referrer: with no-referrer the form's POST would carry `Origin: null`.
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** Compares the sent relay key with the expected one in constant time. */
function matchesKey(sent: string | undefined, expected: string): boolean {
  const a = Buffer.from(sent ?? '', 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}
