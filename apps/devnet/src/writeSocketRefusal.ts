import type { Duplex } from 'node:stream'

/**
 * Answers a request on a raw socket (a WebSocket upgrade the server will not take) with a
 * JSON error and closes it, so the client reads why instead of seeing a reset.
 */
export function writeSocketRefusal(
  socket: Duplex,
  status: 403 | 429 | 503,
  code: string,
  message: string,
): void {
  const body = JSON.stringify({ error: { code, message } })
  const reason = { 403: 'Forbidden', 429: 'Too Many Requests', 503: 'Service Unavailable' }[status]
  socket.on('error', () => {})
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
