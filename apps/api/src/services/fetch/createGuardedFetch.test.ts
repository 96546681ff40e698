import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createGuardedFetch,
  type GuardedFetchOptions,
  type ResolveHost,
} from './createGuardedFetch.ts'
import { createSemaphore } from './createSemaphore.ts'

/** What each server saw: paths, Host headers, open requests and sockets closed early. */
type Seen = { paths: string[]; hosts: string[]; open: number; maxOpen: number; closedEarly: number }

const listen = async (
  host: string,
  port: number,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
) => {
  const server = createServer(handler)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return server
}

function track(seen: Seen, handler: (request: IncomingMessage, response: ServerResponse) => void) {
  return (request: IncomingMessage, response: ServerResponse) => {
    seen.paths.push(request.url ?? '')
    seen.hosts.push(request.headers.host ?? '')
    seen.open++
    seen.maxOpen = Math.max(seen.maxOpen, seen.open)
    response.once('close', () => {
      seen.open--
      if (!response.writableFinished) seen.closedEarly++
    })
    handler(request, response)
  }
}

const newSeen = (): Seen => ({ paths: [], hosts: [], open: 0, maxOpen: 0, closedEarly: 0 })
const outside = newSeen()
const inside = newSeen()
let port: number
const servers: Server[] = []

/** 127.0.0.1 plays the public internet; 127.0.0.2 on the same port plays an internal service. */
const isAllowedAddress = (address: string) => address === '127.0.0.1'
const publicUrl = (path: string) => `http://public.test:${port}${path}`

beforeAll(async () => {
  const outsideServer = await listen(
    '127.0.0.1',
    0,
    track(outside, (request, response) => {
      const path = request.url ?? '/'
      if (path === '/echo') {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', () =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              method: request.method,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: request.headers,
            }),
          ),
        )
        return
      }
      if (path === '/post-redirect') return response.writeHead(307, { location: `/echo` }).end()
      if (path === '/doc')
        return response
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          .end('{"ok":true}')
      if (path === '/gzip')
        return response
          .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
          .end(gzipSync('{"zipped":true}'))
      if (path === '/html')
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<script></script>')
      if (path === '/to-rebind')
        return response.writeHead(302, { location: `http://rebind.test:${port}/doc` }).end()
      if (path === '/to-internal-ip')
        return response.writeHead(301, { location: `http://127.0.0.2:${port}/doc` }).end()
      if (path === '/to-metadata-ip')
        return response
          .writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' })
          .end()
      if (path === '/to-file')
        return response.writeHead(302, { location: 'file:///etc/passwd' }).end()
      if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end()
      if (path === '/bad-redirect')
        return response.writeHead(302, { location: 'http://[nope/' }).end()
      if (path.startsWith('/hops/')) {
        const left = Number(path.slice(6))
        return left === 0
          ? response.writeHead(200, { 'content-type': 'application/json' }).end('{"hops":true}')
          : response.writeHead(302, { location: `/hops/${left - 1}` }).end()
      }
      if (path === '/endless') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' })
        const chunk = Buffer.alloc(16 * 1024, 1)
        const pump = () => {
          while (!response.destroyed && response.write(chunk)) {}
          if (!response.destroyed) response.once('drain', pump)
        }
        return pump()
      }
      if (path === '/declared-large')
        return response
          .writeHead(200, { 'content-type': 'image/png', 'content-length': 10_000_000 })
          .end()
      if (path === '/trickle') {
        response.writeHead(200, { 'content-type': 'application/octet-stream' })
        const timer = setInterval(() => response.write('x'), 20)
        return response.once('close', () => clearInterval(timer))
      }
      if (path === '/slow')
        return setTimeout(
          () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
          150,
        )
      // '/hang': never answers.
    }),
  )
  port = (outsideServer.address() as AddressInfo).port
  servers.push(outsideServer)
  servers.push(
    await listen(
      '127.0.0.2',
      port,
      track(inside, (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":true}')
      }),
    ),
  )
})
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A resolver answering from a table; `rebind.test` answers the outside first, then the inside. */
function fakeDns() {
  const calls: string[] = []
  const resolve: ResolveHost = async (hostname) => {
    calls.push(hostname)
    if (hostname === 'public.test') return ['127.0.0.1']
    if (hostname === 'rebind.test')
      return calls.filter((name) => name === hostname).length === 1 ? ['127.0.0.1'] : ['127.0.0.2']
    if (hostname === 'mixed.test') return ['127.0.0.1', '127.0.0.2']
    if (hostname === 'metadata.test') return ['169.254.169.254']
    if (hostname === 'slow-dns.test') return new Promise(() => {})
    throw new Error(`ENOTFOUND ${hostname}`)
  }
  return { calls, resolve }
}

const json: GuardedFetchOptions = {
  accept: ['application/json'],
  maxBytes: 1_000,
  timeoutMs: 2_000,
}
const reason = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: Error & { reason?: string }) => `${error.name}: ${error.reason ?? error.message}`,
  )
const waitUntil = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  return check()
}

describe('createGuardedFetch: POST', () => {
  test('sends the method, headers and body, with its length', async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress })
    const response = await fetch(publicUrl('/echo'), {
      ...json,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', authorization: 'Basic eA==' },
      body: 'grant_type=authorization_code&code=abc',
    })
    const echoed = (await response.json()) as {
      method: string
      body: string
      headers: Record<string, string>
    }
    expect(echoed.method).toBe('POST')
    expect(echoed.body).toBe('grant_type=authorization_code&code=abc')
    expect(echoed.headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      authorization: 'Basic eA==',
      'content-length': '38',
      accept: 'application/json',
      host: `public.test:${port}`,
    })
  })

  test('never follows a redirect of a POST, and every guard still applies', async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress })
    const post = { ...json, method: 'POST' as const, body: 'secret=1' }
    const before = outside.paths.filter((path) => path === '/echo').length
    expect({
      redirect: await reason(fetch(publicUrl('/post-redirect'), post)),
      privateHost: await reason(fetch(`http://127.0.0.2:${port}/echo`, post)),
      scheme: await reason(fetch('file:///etc/passwd', post)),
      hostHeader: await reason(fetch(publicUrl('/echo'), { ...post, headers: { Host: 'x' } })),
      lineBreak: await reason(fetch(publicUrl('/echo'), { ...post, headers: { a: 'b\r\nc: d' } })),
      getBody: await reason(fetch(publicUrl('/echo'), { ...json, body: 'x' })),
      large: await reason(fetch(publicUrl('/echo'), { ...post, body: 'x'.repeat(70_000) })),
      type: await reason(fetch(publicUrl('/html'), { ...post, accept: ['application/json'] })),
    }).toEqual({
      redirect: 'OutboundFetchError: a redirect of a POST',
      privateHost: 'OutboundFetchError: a host on a private network',
      scheme: 'OutboundFetchError: an unsupported URL scheme "file:"',
      hostHeader: 'OutboundFetchError: a request header "host" it sets itself',
      lineBreak: 'OutboundFetchError: an invalid header value',
      getBody: 'OutboundFetchError: a GET with a body',
      large: 'OutboundFetchError: a request body over 65536 bytes',
      type: 'OutboundFetchError: the content type "text/html" is not allowed',
    })
    expect(outside.paths.filter((path) => path === '/echo').length).toBe(before)
  })
})

describe('createGuardedFetch', () => {
  test('connects to the vetted address with the name in Host, and decodes gzip', async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress })
    const response = await fetch(publicUrl('/doc'), json)
    expect(await response.json()).toEqual({ ok: true })
    expect(outside.hosts.at(-1)).toBe(`public.test:${port}`)
    expect(await (await fetch(publicUrl('/gzip'), json)).json()).toEqual({ zipped: true })
  })

  test('DNS rebinding: one resolution per hop, and the second (internal) answer is refused', async () => {
    const dns = fakeDns()
    const fetch = createGuardedFetch({ resolve: dns.resolve, isAllowedAddress })
    const before = inside.paths.length
    // First ask: the name answers the outside address, which is the one connected to.
    expect(await (await fetch(`http://rebind.test:${port}/doc`, json)).json()).toEqual({ ok: true })
    // Next ask, and a redirect to the name: it now answers the inside address.
    expect({
      again: await reason(fetch(`http://rebind.test:${port}/doc`, json)),
      viaRedirect: await reason(fetch(publicUrl('/to-rebind'), json)),
      mixedAnswers: await reason(fetch(`http://mixed.test:${port}/doc`, json)),
    }).toEqual({
      again: 'OutboundFetchError: a host on a private network',
      viaRedirect: 'OutboundFetchError: a host on a private network',
      mixedAnswers: 'OutboundFetchError: a host on a private network',
    })
    expect(dns.calls.filter((name) => name === 'rebind.test')).toHaveLength(3)
    expect(inside.paths.length).toBe(before)
  })

  test('the real policy refuses private answers, private literals and their encodings', async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve })
    const refused = [
      `http://public.test:${port}/doc`,
      'http://metadata.test/latest/meta-data/',
      `http://127.0.0.1:${port}/doc`,
      `http://localhost:${port}/doc`,
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:a9fe:a9fe::1]/',
      'http://[fec0::1]/',
    ]
    const answers = await Promise.all(refused.map((url) => reason(fetch(url, json))))
    expect(new Set(answers)).toEqual(
      new Set([
        'OutboundFetchError: a host on a private network',
        'OutboundFetchError: the host name does not resolve',
      ]),
    )
    // localhost is not in the fake resolver's table; every other one is refused as private.
    expect(answers.filter((answer) => answer.endsWith('private network'))).toHaveLength(
      refused.length - 1,
    )
  })

  test('a redirect to a private address or another scheme is refused; redirects are capped', async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress })
    const before = inside.paths.length
    expect({
      toInternalIp: await reason(fetch(publicUrl('/to-internal-ip'), json)),
      toMetadataIp: await reason(fetch(publicUrl('/to-metadata-ip'), json)),
      toFile: await reason(fetch(publicUrl('/to-file'), json)),
      badLocation: await reason(fetch(publicUrl('/bad-redirect'), json)),
      threeHops: await (await fetch(publicUrl('/hops/3'), json)).json(),
      fourHops: await reason(fetch(publicUrl('/hops/4'), json)),
    }).toEqual({
      toInternalIp: 'OutboundFetchError: a host on a private network',
      toMetadataIp: 'OutboundFetchError: a host on a private network',
      toFile: 'OutboundFetchError: an unsupported URL scheme "file:"',
      badLocation: 'OutboundFetchError: an invalid redirect',
      threeHops: { hops: true },
      fourHops: 'OutboundFetchError: too many redirects',
    })
    const loops = outside.paths.length
    expect(await reason(fetch(publicUrl('/loop'), json))).toBe(
      'OutboundFetchError: too many redirects',
    )
    expect(outside.paths.length - loops).toBe(4)
    expect(inside.paths.length).toBe(before)
  })

  test('only http(s) URLs without credentials', async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress })
    expect(
      await Promise.all(
        [
          'file:///etc/passwd',
          'data:application/json,{}',
          'ftp://public.test/x',
          'gopher://public.test/',
          'http://user:pw@public.test/doc',
          'not a url',
        ].map((url) => reason(fetch(url, json))),
      ),
    ).toMatchInlineSnapshot(`
      [
        "OutboundFetchError: an unsupported URL scheme "file:"",
        "OutboundFetchError: an unsupported URL scheme "data:"",
        "OutboundFetchError: an unsupported URL scheme "ftp:"",
        "OutboundFetchError: an unsupported URL scheme "gopher:"",
        "OutboundFetchError: a URL with credentials",
        "OutboundFetchError: an invalid URL",
      ]
    `)
  })

  test('the size cap cuts an endless body while it streams, and a declared one up front', async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress })
    const before = outside.closedEarly
    const response = await fetch(publicUrl('/endless'), {
      accept: ['*/*'],
      maxBytes: 100_000,
      timeoutMs: 5_000,
    })
    let received = 0
    const read = (async () => {
      for await (const chunk of response.body as ReadableStream<Uint8Array>)
        received += chunk.byteLength
    })()
    expect(await reason(read)).toBe('OutboundFetchError: more than 100000 bytes')
    expect(received).toBeLessThanOrEqual(100_000)
    expect(await waitUntil(() => outside.closedEarly > before)).toBe(true)
    expect(
      await reason(
        fetch(publicUrl('/declared-large'), {
          accept: ['image/png'],
          maxBytes: 5_000_000,
          timeoutMs: 2_000,
        }),
      ),
    ).toBe('OutboundFetchError: more than 5000000 bytes')
  })

  test('the time budget covers the wait for headers, the body and DNS', async () => {
    const fetch = createGuardedFetch({
      resolve: fakeDns().resolve,
      isAllowedAddress,
      dnsTimeoutMs: 100,
    })
    const started = Date.now()
    expect(await reason(fetch(publicUrl('/hang'), { ...json, timeoutMs: 150 }))).toBe(
      'OutboundFetchError: it took too long',
    )
    const body = await fetch(publicUrl('/trickle'), {
      accept: ['*/*'],
      maxBytes: 1_000,
      timeoutMs: 200,
    })
    expect(await reason(body.arrayBuffer())).toBe('OutboundFetchError: it took too long')
    expect(await reason(fetch('http://slow-dns.test/', json))).toBe(
      'OutboundFetchError: the host name did not resolve in time',
    )
    expect(Date.now() - started).toBeLessThan(1_500)
  })

  test('a content type outside `accept` is refused before the body is read', async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress })
    expect(
      await reason(fetch(publicUrl('/html'), { ...json, accept: ['image/png', 'image/svg+xml'] })),
    ).toBe('OutboundFetchError: the content type "text/html" is not allowed')
  })

  test("the caller's signal stops the fetch, before the answer and while the body streams", async () => {
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress })
    const before = outside.closedEarly
    const early = new AbortController()
    const pending = fetch(publicUrl('/hang'), { ...json, signal: early.signal, timeoutMs: 5_000 })
    setTimeout(() => early.abort(), 50)
    expect(await reason(pending)).toBe('OutboundFetchError: the request was cancelled')
    expect(await waitUntil(() => outside.closedEarly === before + 1)).toBe(true)

    const late = new AbortController()
    const response = await fetch(publicUrl('/trickle'), {
      accept: ['*/*'],
      maxBytes: 1_000,
      timeoutMs: 5_000,
      signal: late.signal,
    })
    setTimeout(() => late.abort(), 50)
    expect(await reason(response.text())).toBe('OutboundFetchError: the request was cancelled')
    expect(await waitUntil(() => outside.closedEarly === before + 2)).toBe(true)
    expect(await reason(fetch(publicUrl('/doc'), { ...json, signal: AbortSignal.abort() }))).toBe(
      'OutboundFetchError: the request was cancelled',
    )
  })

  test('outbound concurrency is capped by the shared semaphore, and its queue is bounded', async () => {
    const limiter = createSemaphore({ limit: 2, maxWaiting: 3 })
    const fetch = createGuardedFetch({ resolve: fakeDns().resolve, isAllowedAddress, limiter })
    const start = outside.maxOpen
    outside.maxOpen = 0
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        reason(fetch(publicUrl('/slow'), json).then((response) => response.json())),
      ),
    )
    expect(answers.filter((answer) => answer === 'resolved')).toHaveLength(5)
    expect(answers).toContain('OutboundFetchError: too many outbound requests at once')
    expect(outside.maxOpen).toBe(2)
    expect(limiter.stats()).toEqual({ active: 0, waiting: 0 })
    outside.maxOpen = Math.max(start, outside.maxOpen)
  })
})
