import { z } from 'zod'
import { ProviderUnavailableError, SocialExpiredError } from '../../errors/socialSignIn.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'

/** What the API asks a channel for (`POST /v1/channel` of the Farcaster auth relay). */
export type CreateChannelRequest = {
  siweUri: string
  domain: string
  nonce: string
  expirationTime: string
}

const createChannelAnswerSchema = z.object({
  channelToken: z.string().min(1).max(256),
  url: z.string().max(4096),
  nonce: z.string().max(256),
})

/** `GET /v1/channel/status`: pending, or completed with the signed message and the profile. */
const channelStatusAnswerSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending'), nonce: z.string().max(256) }),
  z.object({
    state: z.literal('completed'),
    nonce: z.string().max(256),
    message: z.string().min(1).max(8192),
    signature: z.string().regex(/^0x[0-9a-fA-F]{2,16384}$/),
    fid: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    username: z.string().max(256).optional(),
    displayName: z.string().max(256).optional(),
  }),
])
export type ChannelStatusAnswer = z.infer<typeof channelStatusAnswerSchema>

/** The Farcaster auth relay (FIP-11), as the API uses it. */
export type FarcasterRelayClient = {
  /** Opens a channel; PROVIDER_UNAVAILABLE when the relay does not answer as it should. */
  createChannel(request: CreateChannelRequest): Promise<z.infer<typeof createChannelAnswerSchema>>
  /** The channel's state; SOCIAL_EXPIRED when the relay no longer knows the channel. */
  channelStatus(channelToken: string): Promise<ChannelStatusAnswer>
}

export type CreateFarcasterRelayClientParameters = {
  /** LATCH_FARCASTER_RELAY_URL, or the devnet's relay. */
  relayUrl: string
  /** The API's guarded fetcher (private hosts allowed only under the devnet). */
  fetch: GuardedFetch
  /** Bound on one relay call (default 5 s). */
  timeoutMs?: number
}

/** The largest relay answer read. */
const maxAnswerBytes = 32 * 1024

/**
 * Talks to a Farcaster auth relay through the guarded fetcher: bounded in time and size, the
 * answers parsed by schema, every failure a PROVIDER_UNAVAILABLE that names no URL or token.
 */
export function createFarcasterRelayClient({
  relayUrl,
  fetch,
  timeoutMs = 5_000,
}: CreateFarcasterRelayClientParameters): FarcasterRelayClient {
  const url = (path: string) => new URL(path, relayUrl.endsWith('/') ? relayUrl : `${relayUrl}/`)
  const unavailable = (cause?: unknown) =>
    new ProviderUnavailableError({ provider: 'farcaster', cause })
  const readJson = async <T extends z.ZodType>(response: Response, schema: T) => {
    const parsed = schema.safeParse(await response.json().catch(() => undefined))
    if (!parsed.success) throw unavailable(parsed.error)
    return parsed.data as z.infer<T>
  }
  return {
    async createChannel(request) {
      const response = await fetch(url('v1/channel'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
        accept: ['application/json'],
        maxBytes: maxAnswerBytes,
        timeoutMs,
      }).catch((error: unknown) => {
        throw unavailable(error)
      })
      if (response.status !== 200 && response.status !== 201) {
        await response.body?.cancel()
        throw unavailable()
      }
      return readJson(response, createChannelAnswerSchema)
    },
    async channelStatus(channelToken) {
      const response = await fetch(url('v1/channel/status'), {
        headers: { authorization: `Bearer ${channelToken}` },
        accept: ['application/json'],
        maxBytes: maxAnswerBytes,
        timeoutMs,
      }).catch((error: unknown) => {
        throw unavailable(error)
      })
      // The relay forgets a channel once it expired (10 minutes): so is this sign-in.
      if (response.status === 401 || response.status === 404) {
        await response.body?.cancel()
        throw new SocialExpiredError()
      }
      if (response.status !== 200 && response.status !== 202) {
        await response.body?.cancel()
        throw unavailable()
      }
      return readJson(response, channelStatusAnswerSchema)
    },
  }
}
