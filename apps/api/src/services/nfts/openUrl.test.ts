import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isPublicAddress } from './isPublicAddress.ts'
import { openUrl, readLimited } from './openUrl.ts'

let origin: string
const server = createServer((request, response) => {
  if (request.url === '/slow') return // never answers
  if (request.url === '/to-metadata') return response.writeHead(302, { location: '/doc' }).end()
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

const open = (url: string, { allowPrivateHosts = true, timeoutMs = 2_000 } = {}) =>
  openUrl(url, { allowPrivateHosts, signal: AbortSignal.timeout(timeoutMs), accept: '*/*' })
const text = async (response: Response) =>
  new TextDecoder().decode(await readLimited(response, 1_000))
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

test('refuses private hosts unless allowed, other schemes, and slow hosts', async () => {
  expect({
    loopback: await reason(open(`${origin}/doc`, { allowPrivateHosts: false })),
    // A public host redirecting to a private one (the fetch is faked: no network here).
    redirect: await reason(
      openUrl('http://8.8.8.8/doc', {
        allowPrivateHosts: false,
        signal: AbortSignal.timeout(1_000),
        accept: '*/*',
        fetch: async () =>
          new Response(null, { status: 302, headers: { location: 'http://10.0.0.1/doc' } }),
      }),
    ),
    file: await reason(open('file:///etc/passwd')),
    javascript: await reason(open('javascript:alert(1)')),
    slow: await reason(open(`${origin}/slow`, { timeoutMs: 200 })),
  }).toMatchInlineSnapshot(`
    {
      "file": "The NFT content could not be fetched: an unsupported URL scheme "file:".",
      "javascript": "The NFT content could not be fetched: an unsupported URL scheme "javascript:".",
      "loopback": "The NFT content could not be fetched: a host on a private network.",
      "redirect": "The NFT content could not be fetched: a host on a private network.",
      "slow": "The NFT content could not be fetched: it took too long.",
    }
  `)
  expect(await reason(readLimited(await open(`${origin}/doc`), 5))).toMatchInlineSnapshot(
    `"The NFT content could not be fetched: more than 5 bytes."`,
  )
})

test('isPublicAddress tells public addresses from local and private ones', () => {
  expect(
    [
      '8.8.8.8',
      '2606:4700::1111',
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:192.168.1.1',
    ].map((address) => [address, isPublicAddress(address)]),
  ).toMatchInlineSnapshot(`
    [
      [
        "8.8.8.8",
        true,
      ],
      [
        "2606:4700::1111",
        true,
      ],
      [
        "127.0.0.1",
        false,
      ],
      [
        "10.1.2.3",
        false,
      ],
      [
        "169.254.169.254",
        false,
      ],
      [
        "::1",
        false,
      ],
      [
        "fd00::1",
        false,
      ],
      [
        "::ffff:192.168.1.1",
        false,
      ],
    ]
  `)
})
