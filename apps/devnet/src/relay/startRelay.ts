/**
 * # Local WalletConnect relay
 *
 * A WebSocket server speaking the WalletConnect v2 relay JSON-RPC the 2.25 SDKs use, so a dapp
 * and a wallet pair and exchange requests on this machine with no outside host.
 *
 * Run it alone: `node apps/devnet/src/relay/cli.ts --port 4172` (`--host` defaults to 127.0.0.1).
 *
 * What it does
 * - Methods: irn_subscribe, irn_batchSubscribe, irn_unsubscribe, irn_batchUnsubscribe,
 *   irn_publish, irn_batchPublish, irn_fetchMessages, irn_batchFetchMessages (all stored
 *   messages at once, `hasMore: false`), wc_proposeSession (subscribes the dapp to the pairing
 *   topic, publishes the proposal there, tag 1100) and wc_approveSession (subscribes the wallet
 *   to the session topic, publishes the response on the pairing topic, tag 1101, and the
 *   settlement on the session topic, tag 1102). Other methods get JSON-RPC error -32601.
 * - Messages are kept per topic until their TTL runs out, handed to later subscribers, and
 *   delivered once per client; the client is the `iss` (did:key) of the JWT in `?auth=`, whose
 *   EdDSA signature is checked. A socket without a valid JWT is closed with code 3000
 *   ("Unauthorized: ..."), which the SDK treats as fatal instead of retrying.
 * - Pushes `irn_subscription` and re-queues any the socket never acknowledged; pings every
 *   10 s (a Node client drops a socket that goes 35 s without one) and ends sockets that miss
 *   a pong. Ids are 19-digit numbers: they are parsed and written back digit for digit.
 * - Limits (see `RelayLimits`, `RelaySocketLimits`): frame and message size, topics per client,
 *   TTL (clamped), messages per topic and in all, request rate per socket, sockets in all and per
 *   IP. The JWT must name this relay as `aud`, and its `iat`/`exp` hold (60 s of skew); a socket
 *   is closed (1001, the SDK reconnects with a new JWT) when its JWT expires.
 * - Browser requests from other sites are refused (403): see `checkBrowserRequest`.
 * - HTTP: `GET /health` answers 200. The SDKs send no HTTP request to the relay host: the
 *   Verify API, telemetry, push and RPC URLs are fixed walletconnect.org/.com hosts.
 *
 * What clients must set so nothing waits on an outside host
 * - Both sides (`SignClient.init`, `UniversalProvider.init`):
 *   `relayUrl: 'ws://127.0.0.1:<port>'`, `projectId: <any 32 hex characters>`,
 *   `telemetryEnabled: false` (else events go to pulse.walletconnect.org), and a distinct
 *   `customStoragePrefix` per client when two share a process or an origin.
 * - Verify API: 2.25 has no option to switch it off (`metadata.verifyUrl` is only honoured if
 *   it is a walletconnect host). Instead:
 *   - wallet side: nothing to set. It looks up verify.walletconnect.org only for messages that
 *     carry no attestation; this relay always sends `attestation: ''`, which makes it skip.
 *   - browser dapp side: `register()` loads an iframe from verify.walletconnect.org and waits
 *     up to 5 s on `connect()` and on every session request it sends. Replace it after init
 *     and before `connect()`: `provider.client.core.verify.register = async () => ''`
 *     (UniversalProvider) or `client.core.verify.register = async () => ''` (SignClient).
 *     In Node `register()` returns at once; nothing to do.
 *   - the SDK also skips Verify when `process.env.IS_VITEST === 'true'` (Node only).
 * - UniversalProvider: give every chain an `rpcMap` entry
 *   (`optionalNamespaces.eip155.rpcMap['31337'] = 'http://127.0.0.1:<anvil port>'`), else
 *   read calls go to rpc.walletconnect.org.
 * - `authenticate()` (one-click auth) checks smart-account (EIP-1271) signatures through
 *   rpc.walletconnect.org: use plain `connect()` offline.
 * - Node storage defaults to in memory (`unstorage`); nothing to set.
 *
 * Timing: pairing and settlement take ~0.1 s here. The wallet SDK waits 1 s after each
 * response before it emits the next queued `session_request`, so back-to-back requests
 * take ~1 s each; that is the SDK, not the relay.
 *
 * `ws.d.ts` declares the part of `ws` used here, since `@types/ws` is not installed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { checkBrowserRequest } from '../checkBrowserRequest.ts'
import { readDevnetEnv } from '../env.ts'
import { PortInUseError } from '../errors.ts'
import { writeSocketRefusal } from '../writeSocketRefusal.ts'
import { createRelayHub, type RelayLimits } from './createRelayHub.ts'
import { verifyRelayAuth } from './verifyRelayAuth.ts'

export type StartRelayParameters = {
  /** 0 picks a free port; read it back from `url`. */
  port: number
  /** Interface to listen on; defaults to 127.0.0.1. */
  host?: string
  log?: (line: string) => void
  /** How often sockets are pinged and expired messages dropped; defaults to 10 s. */
  pingIntervalMs?: number
  /** Limits per client and per message (see `defaultRelayLimits`), plus the socket caps below. */
  limits?: Partial<RelayLimits & RelaySocketLimits>
  /** Browser origins allowed besides loopback pages and extensions; `LATCH_DEVNET_ALLOWED_ORIGINS`. */
  allowedOrigins?: readonly string[]
  /** `Host` names allowed besides loopback; `LATCH_DEVNET_ALLOWED_HOSTS`. */
  allowedHosts?: readonly string[]
  /**
   * Relay URLs a client's JWT may name as `aud`, besides this relay's own URL under
   * 127.0.0.1, localhost and [::1] (what the SDKs sign is the `relayUrl` they were given).
   */
  audiences?: readonly string[]
  /** Clock difference tolerated on the JWT's `iat` and `exp`; 60 s by default. */
  authSkewMs?: number
  /**
   * Clock in milliseconds for JWT checks and expiry, message TTLs and rate limits; `Date.now`
   * by default, injected by tests.
   */
  now?: () => number
}

export type RelaySocketLimits = {
  /** Largest WebSocket frame in bytes; a bigger one closes the socket (1009). */
  maxPayloadBytes: number
  /** Open sockets in all. */
  maxConnections: number
  /** Open sockets from one IP address (everything local shares 127.0.0.1). */
  maxConnectionsPerIp: number
}

export const defaultRelaySocketLimits: RelaySocketLimits = {
  maxPayloadBytes: 1024 * 1024,
  maxConnections: 1000,
  maxConnectionsPerIp: 200,
}

export type StartRelayReturnType = {
  /** The `relayUrl` to hand to the SDKs, e.g. `ws://127.0.0.1:4172`. */
  url: string
  /** Closes every socket and the server. */
  stop(): Promise<void>
}

export type StartRelayErrorType = PortInUseError | Error

/** Starts a local WalletConnect v2 relay so dapp and wallet can pair with no internet. */
export async function startRelay({
  port,
  host = '127.0.0.1',
  log = () => {},
  pingIntervalMs = 10_000,
  limits = {},
  allowedOrigins = readDevnetEnv().allowedOrigins,
  allowedHosts = readDevnetEnv().allowedHosts,
  audiences = [],
  authSkewMs = 60_000,
  now = Date.now,
}: StartRelayParameters): Promise<StartRelayReturnType> {
  const socketLimits: RelaySocketLimits = { ...defaultRelaySocketLimits, ...limits }
  const hub = createRelayHub({ log, limits, now })
  const sockets = new WebSocketServer({ noServer: true, maxPayload: socketLimits.maxPayloadBytes })
  const alive = new Map<WebSocket, boolean>()
  /** remote address -> open (or opening) sockets */
  const perIp = new Map<string, number>()
  let open = 0
  let ownAudiences: string[] = []
  const check = (request: IncomingMessage) =>
    checkBrowserRequest({
      origin: request.headers.origin,
      host: request.headers.host,
      allowedOrigins,
      allowedHosts,
    })
  const server = createServer((request, response) => {
    const checked = check(request)
    if (!checked.allowed) {
      response
        .writeHead(403, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: checked.code, message: checked.message } }))
      return
    }
    answerHttp(request, response)
  })

  server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
    const checked = check(request)
    if (!checked.allowed) {
      log(`relay: refused a socket: ${checked.message}`)
      return writeSocketRefusal(socket, 403, checked.code, checked.message)
    }
    const ip = request.socket.remoteAddress ?? ''
    if (
      open >= socketLimits.maxConnections ||
      (perIp.get(ip) ?? 0) >= socketLimits.maxConnectionsPerIp
    ) {
      log(`relay: refused a socket from ${ip}: too many connections`)
      return writeSocketRefusal(
        socket,
        429,
        'TOO_MANY_CONNECTIONS',
        `Too many connections: at most ${socketLimits.maxConnections}, ${socketLimits.maxConnectionsPerIp} per address.`,
      )
    }
    open += 1
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1)
    let released = false
    const release = () => {
      if (released) return
      released = true
      open -= 1
      const left = (perIp.get(ip) ?? 1) - 1
      if (left > 0) perIp.set(ip, left)
      else perIp.delete(ip)
    }
    socket.once('close', release)

    let clientId: string | undefined
    let expiresAt = 0
    let refusal = ''
    try {
      const auth = new URL(request.url ?? '/', 'http://relay').searchParams.get('auth')
      const verified = verifyRelayAuth({
        jwt: auth,
        audiences: [...ownAudiences, ...audiences],
        skewMs: authSkewMs,
        now: now(),
      })
      clientId = verified.clientId
      expiresAt = verified.expiresAt
    } catch (error) {
      refusal = (error as Error).message
    }
    socket.on('error', () => {})
    sockets.handleUpgrade(request, socket, head, (ws) => {
      if (!clientId) {
        log(`relay: refused a socket: ${refusal}`)
        // 3000 makes the SDK report the reason and stop reconnecting.
        ws.close(3000, truncateUtf8(`Unauthorized: ${refusal}`, 123))
        return
      }
      accept(ws, clientId)
      // A socket lives no longer than its JWT: 1001 makes the SDK reconnect with a fresh one.
      const expiry = setTimeout(
        () => ws.close(1001, 'Auth JWT expired.'),
        Math.min(expiresAt + authSkewMs - now(), 2 ** 31 - 1),
      )
      expiry.unref()
      ws.once('close', () => clearTimeout(expiry))
    })
  })

  const accept = (ws: WebSocket, clientId: string) => {
    const connection = hub.connect({
      clientId,
      send(text) {
        if (ws.readyState === WebSocket.OPEN) ws.send(text)
      },
      disconnect(reason) {
        ws.close(1008, reason)
        // A client that keeps flooding does not get to hold the socket open.
        setTimeout(() => ws.terminate(), 500).unref()
      },
    })
    alive.set(ws, true)
    log(`relay: ${clientId} connected`)
    ws.on('pong', () => alive.set(ws, true))
    ws.on('message', (data, isBinary) => {
      if (!isBinary) connection.receive(rawToText(data))
    })
    ws.on('error', (error) => log(`relay: socket error for ${clientId}: ${error.message}`))
    ws.on('close', () => {
      alive.delete(ws)
      connection.close()
      log(`relay: ${clientId} disconnected`)
    })
  }

  const heartbeat = setInterval(() => {
    for (const [ws, answered] of alive) {
      if (!answered) {
        ws.terminate()
        continue
      }
      alive.set(ws, false)
      ws.ping()
    }
    hub.prune()
  }, pingIntervalMs)
  heartbeat.unref()

  try {
    await listen(server, port, host)
  } catch (error) {
    clearInterval(heartbeat)
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new PortInUseError({ port, label: `WalletConnect relay on ${host}` })
      : error
  }

  const address = server.address()
  const boundPort = typeof address === 'object' && address ? address.port : port
  const url = `ws://${formatHost(host)}:${boundPort}`
  ownAudiences = [
    url,
    ...['127.0.0.1', 'localhost', '[::1]'].map((name) => `ws://${name}:${boundPort}`),
  ]
  log(`relay: listening on ${url}`)

  return {
    url,
    async stop() {
      clearInterval(heartbeat)
      const closed = [...sockets.clients].map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve()
            ws.once('close', () => resolve())
            ws.close(1001, 'Relay stopping.')
            // A peer that never answers the close frame does not hold up the stop.
            setTimeout(() => ws.terminate(), 500).unref()
          }),
      )
      await Promise.all(closed)
      await new Promise<void>((resolve) => sockets.close(() => resolve()))
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}

function answerHttp(request: IncomingMessage, response: ServerResponse) {
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
    return
  }
  response
    .writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' })
    .end('Latch devnet WalletConnect relay: connect with a WebSocket.\n')
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

function formatHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

function rawToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8')
}

function truncateUtf8(text: string, maxBytes: number): string {
  let result = text
  while (Buffer.byteLength(result) > maxBytes) result = result.slice(0, -1)
  return result
}
