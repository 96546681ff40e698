import {
  type FrameEvent,
  type FrameMethod,
  type FrameRequest,
  type FrameResponse,
  frameRequestSchema,
  rpcEndpointUrl,
} from '@latch/api-contract'
import { isOriginAllowed } from '@latch/core'
import { type Client, createClient, http } from 'viem'
import { AuthApiError } from '../errors/frameRequest.ts'
import { type AuthApiClient, createAuthApiClient } from './createAuthApiClient.ts'
import { createNetworkDirectory } from './createNetworkDirectory.ts'
import type { SessionStore } from './createSessionStore.ts'
import type { FrameConfig } from './frameConfigSchema.ts'
import type {
  DeviceShares,
  FrameContext,
  FrameHandler,
  FrameHandlers,
  FrameUi,
  NetworkInfo,
} from './frameContext.ts'
import { frameHandlers } from './frameHandlers.ts'
import { toFrameError } from './toFrameError.ts'

/** The window the frame runs in (the real `window`, or a fake pair in tests). */
export type FrameWindow = {
  parent: { postMessage(message: unknown, targetOrigin: string): void }
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export type CreateFrameParameters = {
  config: FrameConfig
  window: FrameWindow
  ui: FrameUi
  sessions: SessionStore
  deviceShares: DeviceShares
  api?: AuthApiClient | undefined
  fetchFn?: typeof fetch | undefined
  /** The JSON-RPC client for a network (default: the API's endpoint for the project). */
  publicClient?: ((chainId: number) => Client) | undefined
  network?: ((chainId: number) => Promise<NetworkInfo>) | undefined
  scryptN?: number | undefined
  handlers?: FrameHandlers | undefined
  /** The clock for social and Farcaster flows (default `Date.now`). */
  now?: (() => number) | undefined
  farcasterPollIntervalMs?: number | undefined
}

export type Frame = {
  /** Listens, and tells the parent `ready`. */
  start(): void
  stop(): void
}

/**
 * The frame's runtime: accepts a message only from the parent window, from an allowed origin
 * (the API's patterns), shaped as a `frameRequestSchema` request; everything else is ignored
 * without an answer. Each request is handled by its method's handler and answered with its id
 * to the origin it came from; events go to the origin of the first accepted request.
 */
export function createFrame(parameters: CreateFrameParameters): Frame {
  const { config, window: frameWindow } = parameters
  const fetchFn = parameters.fetchFn ?? ((input, init) => fetch(input, init))
  const handlers = parameters.handlers ?? frameHandlers
  const parent = frameWindow.parent
  let eventsOrigin: string | undefined

  const emit = (event: FrameEvent) => {
    if (eventsOrigin) parent.postMessage({ type: 'latch:frame:event', event }, eventsOrigin)
  }

  let dialogs: Promise<unknown> = Promise.resolve()
  const dialog = <value>(run: () => Promise<value>): Promise<value> => {
    const result = dialogs.then(async () => {
      emit({ name: 'show' })
      try {
        return await run()
      } finally {
        emit({ name: 'hide' })
      }
    })
    dialogs = result.catch(() => undefined)
    return result
  }

  const clients = new Map<number, Client>()
  const publicClient =
    parameters.publicClient ??
    ((chainId: number) => {
      let client = clients.get(chainId)
      if (!client) {
        const url = rpcEndpointUrl({ apiUrl: config.apiUrl, chainId, projectId: config.projectId })
        client = createClient({
          transport: http(url, {
            timeout: 20_000,
            retryCount: 1,
            fetchOptions: { credentials: 'omit' },
            fetchFn,
          }),
        })
        clients.set(chainId, client)
      }
      return client
    })

  const context: FrameContext = {
    config,
    api: parameters.api ?? createAuthApiClient({ apiUrl: config.apiUrl, fetchFn }),
    sessions: parameters.sessions,
    deviceShares: parameters.deviceShares,
    ui: parameters.ui,
    state: { chainIds: [] },
    emit,
    dialog,
    publicClient,
    fetchFn,
    network:
      parameters.network ??
      createNetworkDirectory({ apiUrl: config.apiUrl, projectId: config.projectId, fetchFn }),
    scryptN: parameters.scryptN,
    now: parameters.now ?? (() => Date.now()),
    farcasterPollIntervalMs: parameters.farcasterPollIntervalMs,
  }

  async function handle(request: FrameRequest, origin: string) {
    let response: FrameResponse
    try {
      const handler = handlers[request.method] as FrameHandler<FrameMethod>
      const result = await handler(context, request.params as never, { origin })
      response = { type: 'latch:frame:response', id: request.id, ok: true, result }
    } catch (error) {
      // The API ended the session (expired, revoked elsewhere): forget it and tell the page,
      // which shows 'Session Expired'.
      if (error instanceof AuthApiError && error.status === 401) {
        await context.sessions.clearSession().catch(() => undefined)
        emit({ name: 'signedOut', reason: 'expired' })
      }
      const frameError = toFrameError(error)
      // A bug, not a refusal: kept in the frame's own console (the page learns nothing more).
      if (frameError.code === 'INTERNAL') console.error(error)
      response = {
        type: 'latch:frame:response',
        id: request.id,
        ok: false,
        error: frameError,
      }
    }
    parent.postMessage(response, origin)
  }

  const onMessage = (event: MessageEvent) => {
    if (event.source !== parent) return
    if (!isOriginAllowed(event.origin, config.allowedOrigins)) return
    const parsed = frameRequestSchema.safeParse(event.data)
    if (!parsed.success) return
    eventsOrigin ??= event.origin
    void handle(parsed.data as FrameRequest, event.origin)
  }

  return {
    start() {
      frameWindow.addEventListener('message', onMessage)
      // No data in it, so any parent may learn only that the frame loaded.
      parent.postMessage({ type: 'latch:frame:event', event: { name: 'ready' } }, '*')
    },
    stop() {
      frameWindow.removeEventListener('message', onMessage)
    },
  }
}
