import { randomBytes, randomUUID } from 'node:crypto'
import type { AuthenticateBody, ChannelStatus, CreateChannelBody } from './relaySchemas.ts'

/** One relay channel: what the app asked for and, once signed, what the client sent. */
export type Channel = {
  token: string
  request: CreateChannelBody & { nonce: string }
  url: string
  expiresAt: number
  completed: (AuthenticateBody & { custody: string | undefined }) | undefined
}

export type ChannelStore = {
  /** Opens a channel; undefined when `maxChannels` unexpired ones are open. */
  create(
    request: CreateChannelBody,
    makeUrl: (channel: Omit<Channel, 'url'>) => string,
  ): Channel | undefined
  /** The unexpired channel with that token. */
  get(token: string): Channel | undefined
  /** Completes a pending channel; false when it is unknown, expired or already completed. */
  complete(token: string, signed: AuthenticateBody & { custody: string | undefined }): boolean
  status(channel: Channel): ChannelStatus
  size(): number
}

export type CreateChannelStoreParameters = {
  /** How long a channel lives (10 minutes, as the real relay). */
  ttlMs?: number
  /** Open channels at most; past it `create` refuses (the relay answers 429). */
  maxChannels?: number
  now?: () => number
}

/**
 * The relay's channels, in memory only: each is a random token (the bearer secret of the app
 * that opened it), expires after `ttlMs` and completes once. Their number is capped and every
 * field they hold is bounded by the request schemas, so memory is too.
 */
export function createChannelStore({
  ttlMs = 10 * 60 * 1000,
  maxChannels = 1_000,
  now = Date.now,
}: CreateChannelStoreParameters = {}): ChannelStore {
  const channels = new Map<string, Channel>()
  const sweep = () => {
    const time = now()
    for (const [token, channel] of channels) if (channel.expiresAt <= time) channels.delete(token)
  }
  return {
    create(request, makeUrl) {
      sweep()
      if (channels.size >= maxChannels) return undefined
      const partial = {
        token: randomUUID(),
        // As the real relay: the app's nonce, or a random alphanumeric one.
        request: { ...request, nonce: request.nonce ?? randomBytes(12).toString('hex') },
        expiresAt: now() + ttlMs,
        completed: undefined,
      }
      const channel: Channel = { ...partial, url: makeUrl(partial) }
      channels.set(channel.token, channel)
      return channel
    },
    get(token) {
      const channel = channels.get(token)
      if (!channel) return undefined
      if (channel.expiresAt > now()) return channel
      channels.delete(token)
      return undefined
    },
    complete(token, signed) {
      const channel = this.get(token)
      if (!channel || channel.completed) return false
      channel.completed = signed
      return true
    },
    status(channel) {
      const base = { nonce: channel.request.nonce, url: channel.url }
      if (!channel.completed) return { state: 'pending', ...base }
      const { custody, ...signed } = channel.completed
      return { state: 'completed', ...base, ...signed, ...(custody ? { custody } : {}) }
    },
    size() {
      sweep()
      return channels.size
    },
  }
}
