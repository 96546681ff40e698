import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sendRawHttp } from './testing/sendRawHttp.ts'
import { serveTestApi, testApiProjectId, testRpcKey } from './testing/serveTestApi.ts'

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; reused: boolean }

/** One request over a keep-alive agent; rejects on a dropped connection (ECONNRESET). */
function send(
  agent: http.Agent,
  port: number,
  options: {
    method?: string
    path: string
    headers?: Record<string, string>
    body?: string | Buffer
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            reused: request.reusedSocket,
          }),
        )
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

function jsonError(answer: { body: string }): { code: string; message: string } {
  const parsed = JSON.parse(answer.body) as { error: { code: string; message: string } }
  expect(typeof parsed.error.code).toBe('string')
  expect(typeof parsed.error.message).toBe('string')
  return parsed.error
}

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const q = `projectId=${testApiProjectId}`

describe('the HTTP edge', () => {
  let api: Awaited<ReturnType<typeof serveTestApi>>
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  beforeAll(async () => {
    api = await serveTestApi()
  })
  afterAll(async () => {
    agent.destroy()
    await api?.stop()
  })

  test('a refused 400 KB body is a JSON 413 with CORS, and the next request on the client works', async () => {
    const warmUp = await send(agent, api.port, { path: '/health' })
    expect(warmUp.status).toBe(200)
    const refused = await send(agent, api.port, {
      method: 'POST',
      path: `/v1/fungible/price?${q}`,
      headers: { 'content-type': 'application/json', origin: 'https://app.test' },
      body: Buffer.alloc(400 * 1024, 0x20),
    })
    expect(refused.status).toBe(413)
    expect(jsonError(refused).message).toBe('The request body is larger than 64 KB.')
    expect(refused.headers['access-control-allow-origin']).toBe('https://app.test')
    expect(refused.headers.connection).toBe('close')
    // The kept-alive client gets no ECONNRESET: it was told to open a new connection.
    for (let round = 0; round < 3; round++)
      expect((await send(agent, api.port, { path: '/health' })).status).toBe(200)
  })

  test('a chunked body over the limit is refused the same way', async () => {
    const response = await sendRawHttp(
      api.port,
      `POST /v1/fungible/price?${q} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n${`10000\r\n${'x'.repeat(0x10000)}\r\n`.repeat(2)}0\r\n\r\n`,
    )
    expect(response.status).toBe(413)
    expect(jsonError(response).code).toBe('BAD_REQUEST')
  })

  test('malformed JSON, an unknown route and a wrong method keep the connection and answer JSON with CORS', async () => {
    const cases = [
      { method: 'POST', path: `/v1/fungible/price?${q}`, body: '{"addresses": [', status: 400 },
      { method: 'GET', path: `/v1/nope?${q}`, status: 404 },
      { method: 'PUT', path: `/v1/account/${address}/balance?${q}`, body: '{}', status: 404 },
      { method: 'DELETE', path: `/health?${q}`, status: 404 },
    ]
    for (const { status, ...options } of cases) {
      const answer = await send(agent, api.port, {
        ...options,
        headers: { origin: 'https://a.app.test', 'content-type': 'application/json' },
      })
      expect(answer.status, options.path).toBe(status)
      jsonError(answer)
      expect(answer.headers['access-control-allow-origin']).toBe('https://a.app.test')
    }
    expect((await send(agent, api.port, { path: '/health' })).reused).toBe(true)
  })

  test('a NUL or another control character anywhere in input is a 400, never a 500', async () => {
    const paths = [
      `/v1/profile/account/ab%00c.latch.id?${q}`,
      `/v1/profile/suggestions/a%00?${q}`,
      `/v1/identity/${address}?projectId=a%00b`,
      `/v1/identity/${address}?${q}&sender=%00`,
      `/v1/sessions/${address}%00?${q}`,
      `/v1/account/${address}/history?${q}&cursor=%01x`,
      `/getWalletImage/a%00?${q}`,
      `/public/getTokenImage/31337/0x%00`,
    ]
    for (const path of paths) {
      const answer = await send(agent, api.port, { path })
      expect(answer.status, path).toBe(400)
      expect(jsonError(answer).message, path).toContain('control character')
    }
    const bodies = [
      [`/v1/sessions/${address}/revoke?${q}`, { pci: 'a\u0000b', signature: '0x00' }],
      [`/v1/profile/account?${q}`, { name: 'ab\u0000c', address, signature: '0x00' }],
      [`/v1/fungible/price`, { projectId: `${testApiProjectId}\u0000`, addresses: [] }],
      [`/v1/auth/nonce`, { projectId: 'x\u0000' }],
    ] as const
    for (const [path, body] of bodies) {
      const answer = await send(agent, api.port, {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(answer.status, path).toBeGreaterThanOrEqual(400)
      expect(answer.status, path).toBeLessThan(500)
      jsonError(answer)
    }
  })

  test('a long or malformed Origin is a 400 before any matching', async () => {
    for (const origin of [
      `https://${'a.'.repeat(8000)}app.test`,
      'https://app.test/path',
      'not an origin',
    ]) {
      const start = performance.now()
      const answer = await send(agent, api.port, {
        path: `/v1/supported-chains?${q}`,
        headers: { origin },
      })
      expect(performance.now() - start).toBeLessThan(1_000)
      expect(answer.status).toBe(400)
      expect(jsonError(answer).message).toContain('The Origin header is not a valid origin')
    }
    const allowed = await send(agent, api.port, {
      path: `/v1/supported-chains?${q}`,
      headers: { origin: 'https://deep.sub.app.test' },
    })
    expect(allowed.status).toBe(200)
    const refused = await send(agent, api.port, {
      path: `/v1/supported-chains?${q}`,
      headers: { origin: 'https://app.test.evil.test' },
    })
    expect(refused.status).toBe(403)
  })

  test('requests Node cannot parse are answered with JSON, then closed', async () => {
    const requests = [
      'BREW /health HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'GET http://evil.test:99999/health HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /health HTTP/1.1\r\nHost: a b\r\n\r\n',
      'GET /he\\alth HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /v1/%zz HTTP/1.1\r\nHost: x\r\n\r\n',
    ]
    for (const request of requests) {
      const answer = await sendRawHttp(api.port, request)
      expect(answer.status, request.slice(0, 40)).toBeGreaterThanOrEqual(400)
      expect(answer.status, request.slice(0, 40)).toBeLessThan(500)
      jsonError(answer)
    }
  })

  test('a failing RPC with a key in its URL logs no URL and no key', async () => {
    const answer = await send(agent, api.port, {
      path: `/v1/account/${address}/balance?${q}&chainId=31337`,
    })
    expect(answer.status).toBe(502)
    expect(jsonError(answer).code).toBe('UPSTREAM_UNAVAILABLE')
    expect(api.logEntries.length).toBeGreaterThan(0)
    const logged = JSON.stringify(api.logEntries)
    expect(logged).not.toContain(testRpcKey)
    expect(logged).not.toContain('/v3/')
    expect(answer.body).not.toContain(testRpcKey)
  })
})

describe('timeouts and the connection cap', () => {
  let api: Awaited<ReturnType<typeof serveTestApi>>
  beforeAll(async () => {
    api = await serveTestApi({
      limits: { headersTimeoutMs: 1_000, requestTimeoutMs: 1_500, maxConnections: 3 },
    })
  })
  afterAll(async () => {
    await api?.stop()
  })

  test('a client that never finishes its headers gets a JSON 408 and is closed', async () => {
    const start = performance.now()
    const answer = await sendRawHttp(api.port, 'GET /health HTTP/1.1\r\nHost: x\r\n', {
      timeoutMs: 5_000,
    })
    expect(answer.status).toBe(408)
    expect(jsonError(answer).message).toBe('The request took too long to arrive.')
    expect(answer.closed).toBe(true)
    expect(performance.now() - start).toBeLessThan(4_000)
  })

  test('connections past the cap are closed; the others keep working', async () => {
    const sockets = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(api.port, '127.0.0.1', () => resolve(socket))
            socket.on('error', () => {})
          }),
      ),
    )
    const extra = await sendRawHttp(api.port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(extra.status).toBe(0)
    expect(extra.closed).toBe(true)
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const after = await sendRawHttp(
      api.port,
      'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    )
    expect(after.status).toBe(200)
  })
})
