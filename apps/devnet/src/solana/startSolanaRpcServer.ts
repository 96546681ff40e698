import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type WebSocket, WebSocketServer } from 'ws'
import { z } from 'zod'
import { checkBrowserRequest } from '../checkBrowserRequest.ts'
import { PortInUseError } from '../errors.ts'
import type { SolanaChain, SolanaChainEvent } from './createSolanaChain.ts'
import type {
  createSolanaRpcHandler,
  SolanaRpcRequest,
  SolanaRpcResponse,
} from './createSolanaRpcHandler.ts'
import { solanaRpcErrorCodes } from './SolanaRpcError.ts'

/** Largest HTTP body the RPC reads (Solana's own limit is 50 KiB). */
export const solanaRpcMaxBodyBytes = 50 * 1024
/** Most requests in one JSON-RPC batch. */
export const solanaRpcMaxBatch = 100
/** Largest WebSocket message, and most open subscriptions on one connection. */
const maxWsMessageBytes = 16 * 1024
const maxSubscriptionsPerConnection = 1000

export type StartSolanaRpcServerParameters = {
  chain: SolanaChain
  handler: ReturnType<typeof createSolanaRpcHandler>
  /** 0 picks a free port (tests). */
  rpcPort: number
  wsPort: number
  allowedOrigins?: readonly string[] | undefined
  allowedHosts?: readonly string[] | undefined
}

export type StartSolanaRpcServerReturnType = {
  rpcUrl: string
  wsUrl: string
  /** Stops both servers and ends every open connection. */
  stop(): Promise<void>
}

/**
 * Serves the Solana JSON-RPC over HTTP (single and batch requests, Solana's `GET /health`) and
 * its PubSub over WebSocket (`signatureSubscribe`, `slotSubscribe` and their unsubscribes),
 * behind the devnet's browser check (no cross-site page, no DNS rebinding), with body, batch
 * and subscription limits.
 */
export async function startSolanaRpcServer({
  chain,
  handler,
  rpcPort,
  wsPort,
  allowedOrigins,
  allowedHosts,
}: StartSolanaRpcServerParameters): Promise<StartSolanaRpcServerReturnType> {
  const check = (request: IncomingMessage) =>
    checkBrowserRequest({
      origin: request.headers.origin,
      host: request.headers.host,
      allowedOrigins,
      allowedHosts,
    })

  const http = createServer((request, response) => {
    const checked = check(request)
    if (!checked.allowed) {
      request.resume()
      send(response, 403, { error: { code: checked.code, message: checked.message } })
      return
    }
    const origin = request.headers.origin
    if (origin) {
      response.setHeader('access-control-allow-origin', origin)
      response.setHeader('vary', 'origin')
    }
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          'access-control-allow-methods': 'POST, GET, OPTIONS',
          'access-control-allow-headers': 'content-type, solana-client',
          'access-control-max-age': '600',
        })
        .end()
      return
    }
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (request.method !== 'POST') {
      request.resume()
      response
        .writeHead(405, { allow: 'POST' })
        .end('Used HTTP Method is not allowed. POST or OPTIONS is required')
      return
    }
    readBody(request, solanaRpcMaxBodyBytes)
      .then(async (body) => {
        if (body === undefined) {
          send(
            response,
            413,
            rpcError(
              null,
              solanaRpcErrorCodes.invalidRequest,
              `Request body is over ${solanaRpcMaxBodyBytes} bytes.`,
            ),
          )
          return
        }
        let payload: unknown
        try {
          payload = JSON.parse(body)
        } catch {
          send(response, 200, rpcError(null, solanaRpcErrorCodes.parseError, 'Parse error'))
          return
        }
        if (Array.isArray(payload)) {
          if (payload.length === 0 || payload.length > solanaRpcMaxBatch) {
            send(
              response,
              200,
              rpcError(
                null,
                solanaRpcErrorCodes.invalidRequest,
                `A batch holds 1 to ${solanaRpcMaxBatch} requests.`,
              ),
            )
            return
          }
          const answers: SolanaRpcResponse[] = []
          for (const item of payload) answers.push(await handler.handle(item as SolanaRpcRequest))
          send(response, 200, answers)
          return
        }
        send(response, 200, await handler.handle(payload as SolanaRpcRequest))
      })
      .catch(() => {
        if (!response.headersSent)
          send(response, 400, rpcError(null, solanaRpcErrorCodes.invalidRequest, 'Invalid request'))
      })
  })
  http.keepAliveTimeout = 5000
  http.requestTimeout = 10_000

  // PubSub: one map of subscriptions per connection; the chain's events fan out to them.
  type Subscription = { kind: 'signature'; signature: string } | { kind: 'slot' }
  const connections = new Map<WebSocket, Map<number, Subscription>>()
  let nextSubscriptionId = 0
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: maxWsMessageBytes,
  })
  const wsHttp = createServer((request, response) => {
    request.resume()
    response
      .writeHead(426, { 'content-type': 'text/plain' })
      .end('Solana PubSub: connect with a WebSocket.')
  })
  wsHttp.on('upgrade', (request, socket, head) => {
    const checked = check(request)
    if (!checked.allowed) {
      socket.end(
        `HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n${checked.message}`,
      )
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
  })

  const notify = (ws: WebSocket, method: string, subscription: number, result: unknown) =>
    ws.send(stringify({ jsonrpc: '2.0', method, params: { result, subscription } }))

  const unsubscribeChain = chain.subscribe((event: SolanaChainEvent) => {
    for (const [ws, subscriptions] of connections) {
      for (const [id, subscription] of subscriptions) {
        if (event.type === 'slot' && subscription.kind === 'slot') {
          notify(ws, 'slotNotification', id, {
            parent: event.parent,
            root: event.slot,
            slot: event.slot,
          })
        }
        if (
          event.type === 'transaction' &&
          subscription.kind === 'signature' &&
          subscription.signature === event.record.signature
        ) {
          // Solana ends a signature subscription after its one notification.
          subscriptions.delete(id)
          notify(ws, 'signatureNotification', id, {
            context: { slot: event.record.slot },
            value: { err: event.record.err },
          })
        }
      }
    }
  })

  const subscribeParams = {
    signatureSubscribe: z.tuple([
      z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'Invalid param: Invalid signature'),
      z
        .looseObject({ commitment: z.enum(['processed', 'confirmed', 'finalized']).optional() })
        .optional(),
    ]),
    slotSubscribe: z.tuple([]),
    signatureUnsubscribe: z.tuple([z.number().int().nonnegative()]),
    slotUnsubscribe: z.tuple([z.number().int().nonnegative()]),
  }

  wss.on('connection', (ws: WebSocket) => {
    const subscriptions = new Map<number, Subscription>()
    connections.set(ws, subscriptions)
    ws.on('close', () => connections.delete(ws))
    ws.on('error', () => connections.delete(ws))
    ws.on('message', (raw) => {
      let request: { id?: unknown; method?: unknown; params?: unknown; jsonrpc?: unknown }
      try {
        request = JSON.parse(raw.toString())
      } catch {
        ws.send(stringify(rpcError(null, solanaRpcErrorCodes.parseError, 'Parse error')))
        return
      }
      if (!request || typeof request !== 'object' || Array.isArray(request)) {
        ws.send(stringify(rpcError(null, solanaRpcErrorCodes.invalidRequest, 'Invalid request')))
        return
      }
      // @solana/kit pings idle sockets with `{ method: 'ping' }` (no id) to keep them open.
      if (request.method === 'ping' && request.id === undefined) return
      const id = request.id ?? null
      const method = String(request.method)
      if (!Object.hasOwn(subscribeParams, method)) {
        ws.send(stringify(rpcError(id, solanaRpcErrorCodes.methodNotFound, 'Method not found')))
        return
      }
      const parsed = subscribeParams[method as keyof typeof subscribeParams].safeParse(
        request.params ?? [],
      )
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Invalid params'
        ws.send(
          stringify(
            rpcError(
              id,
              solanaRpcErrorCodes.invalidParams,
              message.startsWith('Invalid') ? message : `Invalid params: ${message}.`,
            ),
          ),
        )
        return
      }
      if (method === 'signatureUnsubscribe' || method === 'slotUnsubscribe') {
        const [subscriptionId] = parsed.data as [number]
        if (!subscriptions.delete(subscriptionId)) {
          ws.send(
            stringify(rpcError(id, solanaRpcErrorCodes.invalidParams, 'Invalid subscription id.')),
          )
          return
        }
        ws.send(stringify({ jsonrpc: '2.0', id, result: true }))
        return
      }
      if (subscriptions.size >= maxSubscriptionsPerConnection) {
        ws.send(
          stringify(
            rpcError(
              id,
              solanaRpcErrorCodes.invalidRequest,
              `At most ${maxSubscriptionsPerConnection} subscriptions per connection.`,
            ),
          ),
        )
        return
      }
      const subscriptionId = nextSubscriptionId++
      if (method === 'slotSubscribe') {
        subscriptions.set(subscriptionId, { kind: 'slot' })
        ws.send(stringify({ jsonrpc: '2.0', id, result: subscriptionId }))
        return
      }
      const [signature] = parsed.data as [string]
      ws.send(stringify({ jsonrpc: '2.0', id, result: subscriptionId }))
      const record = chain.getRecord(signature)
      if (record) {
        // Already executed: every commitment is reached (one node, no forks), so answer now.
        notify(ws, 'signatureNotification', subscriptionId, {
          context: { slot: record.slot },
          value: { err: record.err },
        })
      } else subscriptions.set(subscriptionId, { kind: 'signature', signature })
    })
  })

  const boundRpcPort = await listen(http, rpcPort, 'Latch Devnet Solana RPC')
  let boundWsPort: number
  try {
    boundWsPort = await listen(wsHttp, wsPort, 'Latch Devnet Solana WebSocket')
  } catch (error) {
    await close(http)
    throw error
  }
  return {
    rpcUrl: `http://127.0.0.1:${boundRpcPort}`,
    wsUrl: `ws://127.0.0.1:${boundWsPort}`,
    async stop() {
      unsubscribeChain()
      for (const ws of connections.keys()) ws.terminate()
      connections.clear()
      wss.close()
      await Promise.all([close(http), close(wsHttp)])
    },
  }
}

function rpcError(id: unknown, code: number, message: string) {
  return { jsonrpc: '2.0' as const, id, error: { code, message } }
}

/** JSON with bigints written as exact integers (Solana's u64 fields such as `rentEpoch`). */
function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    typeof item === 'bigint' ? `\u0000big:${item}` : item,
  ).replace(/"\\u0000big:(\d+)"/g, '$1')
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(stringify(body))
}

/** The request's body, or undefined once it passes `limit` bytes. */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const length = Number(request.headers['content-length'] ?? 0)
    if (length > limit) {
      request.resume()
      resolve(undefined)
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        request.removeAllListeners('data')
        request.resume()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** Listens on 127.0.0.1:`port` (0 picks a free port); resolves with the bound port. */
function listen(server: Server, port: number, label: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError({ port, label }) : error),
    )
    server.listen(port, '127.0.0.1', () => {
      const bound = server.address()
      resolve(typeof bound === 'object' && bound ? bound.port : port)
    })
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
