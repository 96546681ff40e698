import type { Server } from 'node:http'
import { createAdaptorServer } from '@hono/node-server'
import type { Hono } from 'hono'
import { createChannelStore } from './createChannelStore.ts'
import { createFarcasterRelayApp } from './createFarcasterRelayApp.ts'
import type { FarcasterTestUser } from './farcasterTestUsers.ts'

export type StartFarcasterRelayParameters = {
  /** 0 picks a free port. */
  port: number
  relayKey: string
  users: readonly FarcasterTestUser[]
  /** How long a channel lives; 10 minutes by default. */
  channelTtlMs?: number
  /** Open channels at most; 1000 by default. */
  maxChannels?: number
  log?: (line: string) => void
}

export type StartFarcasterRelayReturnType = {
  url: string
  stop: () => Promise<void>
}

/** Serves the local Farcaster auth relay and its test client page on 127.0.0.1 only. */
export async function startFarcasterRelay(
  parameters: StartFarcasterRelayParameters,
): Promise<StartFarcasterRelayReturnType> {
  const channels = createChannelStore({
    ttlMs: parameters.channelTtlMs,
    maxChannels: parameters.maxChannels,
  })
  // The app needs the URL, known once listening (port 0): requests wait for neither.
  let app: Hono | undefined
  const server = createAdaptorServer({
    fetch: (request) => app?.fetch(request) ?? new Response(null, { status: 503 }),
  }) as Server
  server.requestTimeout = 10_000
  server.headersTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(parameters.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : parameters.port}`
  app = createFarcasterRelayApp({
    publicUrl: url,
    relayKey: parameters.relayKey,
    channels,
    users: parameters.users,
    log: parameters.log,
  })
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
