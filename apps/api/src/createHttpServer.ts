import { createServer, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { getRequestListener, RequestError } from '@hono/node-server'
import type { ApiError } from '@latch/api-contract'

export type HttpServerLimits = {
  /** Time to receive a request's headers (`server.headersTimeout`). */
  headersTimeoutMs: number
  /** Time to receive a whole request (`server.requestTimeout`). */
  requestTimeoutMs: number
  /** How long an idle kept-alive connection stays open (`server.keepAliveTimeout`). */
  keepAliveTimeoutMs: number
  /** Open connections at most (`server.maxConnections`); more are closed at once. */
  maxConnections: number
}

/**
 * Serves a fetch handler over HTTP/1.1 with the given timeouts and connection cap. Requests
 * Node or the adapter cannot turn into a `Request` (a bad method, URL or header; a header or
 * request timeout) are answered with the API's JSON error and `Connection: close`, never a
 * bare reset or an empty body.
 */
export function createHttpServer(
  fetch: (request: Request) => Response | Promise<Response>,
  limits: HttpServerLimits,
): Server {
  const listener = getRequestListener(fetch, {
    // A request the adapter cannot build (an absolute URL it refuses, a bad Host header).
    errorHandler: (error) =>
      error instanceof RequestError
        ? errorResponse(400, 'BAD_REQUEST', 'The request is malformed.')
        : errorResponse(500, 'INTERNAL', 'Internal server error.'),
  })
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often the two timeouts above are checked (Node's default is every 30 s).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
      // Node would answer a missing Host with a bare 400; the adapter's is JSON (below).
      requireHostHeader: false,
    },
    listener,
  )
  server.maxConnections = limits.maxConnections
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request took too long to arrive.']
          : [400, 'Bad Request', 'The request is malformed.']
    const body = JSON.stringify({ error: { code: 'BAD_REQUEST', message } } satisfies ApiError)
    // A HEAD request's answer has no body, or the client reads it as the next response.
    const packet = (error as { rawPacket?: unknown }).rawPacket
    const isHead = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD '
    closeAfter(
      socket,
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${isHead ? '' : body}`,
    )
  })
  // No CONNECT tunnels here (Node would close the socket without a word).
  server.on('connect', (_request, socket: Duplex) => {
    const body = JSON.stringify({
      error: { code: 'NOT_FOUND', message: 'CONNECT is not supported.' },
    } satisfies ApiError)
    closeAfter(
      socket,
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
  return server
}

/**
 * Writes a last answer and closes, still reading (and dropping) what the client sends for a
 * while: closing with unread input would reset the connection and lose the answer.
 */
function closeAfter(socket: Duplex, answer: string): void {
  socket.on('error', () => {})
  socket.end(answer)
  socket.resume()
  setTimeout(() => socket.destroy(), 2_000).unref()
}

function errorResponse(status: number, code: ApiError['error']['code'], message: string): Response {
  const body: ApiError = { error: { code, message } }
  return Response.json(body, { status, headers: { Connection: 'close' } })
}
