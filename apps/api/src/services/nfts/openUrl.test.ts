import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createGuardedFetch } from '../fetch/createGuardedFetch.ts'
import { openUrl, readBody } from './openUrl.ts'

let origin: string
const server = createServer((request, response) => {
  if (request.url === '/slow') return // never answers
  if (request.url === '/to-metadata') return response.writeHead(302, { location: '/doc' }).end()
  if (request.url === '/to-private')
    return response.writeHead(302, { location: 'http://10.0.0.1/doc' }).end()
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"ok"}')
})
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const devnet = createGuardedFetch({ allowPrivateHosts: true })
const open = (url: string, { fetch = devnet, timeoutMs = 2_000, maxBytes = 1_000 } = {}) =>
  openUrl(url, { fetch, timeoutMs, maxBytes, accept: ['application/json'] })
const text = async (response: Response) => new TextDecoder().decode(await readBody(response))
const reason = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: Error & { shortMessage?: string }) => error.shortMessage ?? error.message,
  )

test('reads http(s), follows redirects, and reads data: URLs', async () => {
  expect(await text(await open(`${origin}/to-metadata`))).toBe('{"name":"ok"}')
  expect(await text(await open('data:application/json;base64,eyJhIjoxfQ=='))).toBe('{"a":1}')
  expect(await text(await open('data:application/json,{"b":2}'))).toBe('{"b":2}')
})

test('refuses private hosts unless allowed, other schemes, slow hosts and large bodies', async () => {
  // "public.test" plays a public host on 127.0.0.1 that redirects to a private address.
  const publicOnly = createGuardedFetch({
    resolve: async () => ['127.0.0.1'],
    isAllowedAddress: (address) => address === '127.0.0.1',
  })
  const port = new URL(origin).port
  expect({
    loopback: await reason(open(`${origin}/doc`, { fetch: createGuardedFetch() })),
    redirect: await reason(open(`http://public.test:${port}/to-private`, { fetch: publicOnly })),
    file: await reason(open('file:///etc/passwd')),
    javascript: await reason(open('javascript:alert(1)')),
    slow: await reason(open(`${origin}/slow`, { timeoutMs: 200 })),
    large: await reason(open(`${origin}/doc`, { maxBytes: 5 }).then(readBody)),
    dataType: await reason(open('data:text/html,<script></script>')),
  }).toMatchInlineSnapshot(`
    {
      "dataType": "The NFT content could not be fetched: the content type "text/html" is not allowed.",
      "file": "The NFT content could not be fetched: an unsupported URL scheme "file:".",
      "javascript": "The NFT content could not be fetched: an unsupported URL scheme "javascript:".",
      "large": "The NFT content could not be fetched: more than 5 bytes.",
      "loopback": "The NFT content could not be fetched: a host on a private network.",
      "redirect": "The NFT content could not be fetched: a host on a private network.",
      "slow": "The NFT content could not be fetched: it took too long.",
    }
  `)
})
