import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ServeHtmlReturnType = { url: string; stop(): Promise<void> }

/**
 * Serves `html` at every path from a throwaway server on `host` (a loopback address: a page of
 * another local origin, e.g. 127.0.0.2, which the browser still counts as local network).
 */
export async function serveHtml(html: string, host = '127.0.0.1'): Promise<ServeHtmlReturnType> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    })
    response.end(html)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
