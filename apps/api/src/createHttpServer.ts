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
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
  return server
}

function errorResponse(status: number, code: ApiError['error']['code'], message: string): Response {
  const body: ApiError = { error: { code, message } }
  return Response.json(body, { status, headers: { Connection: 'close' } })
}
