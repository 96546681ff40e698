import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type MetadataServer = {
  url: string
  requests: string[]
  /** Paths whose answer was cut off by the client (a fetch stopped before the end). */
  closedEarly: string[]
  stop(): Promise<void>
}

const svg = (id: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><title>${id}</title></svg>`

/**
 * An NFT metadata host for tests, on 127.0.0.1: `/nft/:id` answers JSON whose image is
 * `/img/:id.svg`, except id 3 (an HTML "image"), 4 (a 500), 5 (a 6 MB PNG, no length), 6 (not
 * JSON), 7 (a redirect to 1's document), 8 (a 6 MB PNG with its length), 9 (an image that
 * never answers) and 10 (a document that never answers).
 */
export async function startMetadataServer(): Promise<MetadataServer> {
  const requests: string[] = []
  const closedEarly: string[] = []
  const server = createServer((request, response) => {
    const path = request.url ?? '/'
    requests.push(path)
    response.once('close', () => {
      if (!response.writableFinished) closedEarly.push(path)
    })
    const origin = `http://${request.headers.host}`
    const nft = /^\/nft\/(\d+)$/.exec(path)?.[1]
    if (nft === '4') return response.writeHead(500).end('broken')
    if (nft === '6') return response.writeHead(200, { 'content-type': 'text/plain' }).end('hello')
    if (nft === '7') return response.writeHead(302, { location: '/nft/1' }).end()
    if (nft === '10') return // never answers
    if (nft) {
      const image =
        {
          '3': '/img/page.html',
          '5': '/img/big.png',
          '8': '/img/big-declared.png',
          '9': '/img/never.svg',
        }[nft] ?? `/img/${nft}.svg`
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(
        JSON.stringify({
          name: `Lantern #${nft}`,
          description: `Lantern number ${nft}.`,
          image: `${origin}${image}`,
        }),
      )
    }
    const image = /^\/img\/(\d+)\.svg$/.exec(path)?.[1]
    if (image) return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg(image))
    if (path === '/img/never.svg') return
    if (path === '/img/page.html')
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<script></script>')
    if (path === '/img/big.png')
      return response
        .writeHead(200, { 'content-type': 'image/png' })
        .end(Buffer.alloc(6 * 1024 * 1024))
    if (path === '/img/big-declared.png')
      return response
        .writeHead(200, { 'content-type': 'image/png', 'content-length': 6 * 1024 * 1024 })
        .end(Buffer.alloc(6 * 1024 * 1024))
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    closedEarly,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const metadataServerSvg = svg
