import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { SignClient } from '@walletconnect/sign-client'
import { type Hex, stringToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket as WsClient } from 'ws'
import { type StartRelayReturnType, startRelay } from './startRelay.ts'

// Anvil's first dev account.
const account = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const chainId = 'eip155:31337'
const projectId = '0123456789abcdef0123456789abcdef'
const metadata = (name: string) => ({
  name,
  description: `Latch relay test ${name}`,
  url: 'http://127.0.0.1',
  icons: [],
})

type Client = Awaited<ReturnType<typeof SignClient.init>>

let relay: StartRelayReturnType
let dapp: Client
let wallet: Client
let sessionTopic = ''
const relayLog: string[] = []
const outsideRequests: string[] = []
const realFetch = globalThis.fetch

beforeAll(async () => {
  // Any HTTP call from the SDKs would be to an outside host: record it and fail it.
  globalThis.fetch = async (input: string | URL | Request) => {
    outsideRequests.push(input instanceof Request ? input.url : String(input))
    throw new TypeError('No outside hosts in the relay test.')
  }
  relay = await startRelay({ port: 0, log: (line) => relayLog.push(line) })
  const init = (name: string) =>
    SignClient.init({
      projectId,
      relayUrl: relay.url,
      customStoragePrefix: name,
      telemetryEnabled: false,
      logger: 'silent',
      metadata: metadata(name),
    })
  ;[dapp, wallet] = await Promise.all([init('dapp'), init('wallet')])

  wallet.on('session_proposal', ({ id, params }) => {
    void wallet.approve({
      id,
      namespaces: {
        eip155: {
          chains: [chainId],
          accounts: [`${chainId}:${account.address}`],
          methods: params.optionalNamespaces.eip155?.methods ?? [],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    })
  })
  wallet.on('session_request', async ({ id, topic, params }) => {
    const [message] = params.request.params as [Hex, string]
    const response = message.endsWith(stringToHex('reject').slice(2))
      ? { id, jsonrpc: '2.0', error: { code: 4001, message: 'User rejected the request.' } }
      : { id, jsonrpc: '2.0', result: await account.signMessage({ message: { raw: message } }) }
    await wallet.respond({ topic, response })
  })
})

afterAll(async () => {
  for (const client of [dapp, wallet]) {
    if (!client) continue
    client.core.heartbeat.stop()
    await client.core.relayer.transportClose()
  }
  await relay?.stop()
  globalThis.fetch = realFetch
})

test('a dapp and a wallet pair and settle a session through the relay', async () => {
  const started = performance.now()
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: [chainId], methods: ['personal_sign'], events: ['accountsChanged'] },
    },
  })
  if (!uri) throw new Error('connect() returned no pairing URI.')
  await wallet.pair({ uri })
  const session = await approval()
  const latency = performance.now() - started
  console.info(`relay: pairing + session approval took ${latency.toFixed(0)} ms`)

  sessionTopic = session.topic
  expect(session.namespaces.eip155?.accounts).toEqual([`${chainId}:${account.address}`])
  expect(wallet.session.get(sessionTopic).acknowledged).toBe(true)
})

test('personal_sign is answered by the wallet', async () => {
  const message = stringToHex('Sign in to Latch')
  const signature = await dapp.request<Hex>({
    topic: sessionTopic,
    chainId,
    request: { method: 'personal_sign', params: [message, account.address] },
  })
  expect(
    await verifyMessage({ address: account.address, message: { raw: message }, signature }),
  ).toBe(true)
})

test('a rejection in the wallet reaches the dapp as code 4001', async () => {
  const request = dapp.request({
    topic: sessionTopic,
    chainId,
    request: { method: 'personal_sign', params: [stringToHex('reject'), account.address] },
  })
  await expect(request).rejects.toMatchObject({ code: 4001 })
})

test('disconnecting reaches the other side', async () => {
  const deleted = new Promise<string>((resolve) =>
    wallet.once('session_delete', ({ topic }) => resolve(topic)),
  )
  await dapp.disconnect({
    topic: sessionTopic,
    reason: { code: 6000, message: 'User disconnected.' },
  })
  expect(await deleted).toBe(sessionTopic)
  expect(wallet.session.keys).not.toContain(sessionTopic)
})

test('no outside host was contacted and every method was known', () => {
  expect(outsideRequests).toEqual([])
  expect(relayLog.filter((line) => /unsupported|failed|refused/.test(line))).toEqual([])
})

test('a socket without a valid auth JWT is closed with 3000 and the reason', async () => {
  const socket = new WebSocket(`${relay.url}/?auth=not-a-jwt&projectId=${projectId}`)
  const closed = await new Promise<CloseEvent>((resolve) => {
    socket.onclose = resolve
  })
  expect([closed.code, closed.reason]).toMatchInlineSnapshot(`
    [
      3000,
      "Unauthorized: Auth is not a JWT with three parts.",
    ]
  `)
})

test('a relay on a taken port fails naming the port', async () => {
  const port = Number(new URL(relay.url).port)
  await expect(startRelay({ port })).rejects.toMatchObject({
    name: 'PortInUseError',
    port,
    message: expect.stringContaining(`Port ${port} is in use`),
  })
})

test('sockets are pinged, and one that stops answering is closed', async () => {
  const fast = await startRelay({ port: 0, pingIntervalMs: 50 })
  try {
    const jwt = await signJWT('session', fast.url, 86_400, generateKeyPair())
    const socket = new WsClient(`${fast.url}/?auth=${jwt}`, { autoPong: false })
    const pinged = new Promise<void>((resolve) => socket.on('ping', () => resolve()))
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    await pinged
    await closed
  } finally {
    await fast.stop()
  }
})

/** `promise`, or a rejection after `ms`, so a limit that does not hold fails fast. */
function within<value>(promise: Promise<value>, ms: number): Promise<value> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`Nothing happened within ${ms} ms.`)), ms).unref(),
    ),
  ])
}

/** Opens an authenticated raw socket to `url`; resolves once open. */
async function openSocket(url: string, headers: Record<string, string> = {}) {
  const jwt = await signJWT('session', url, 86_400, generateKeyPair())
  const socket = new WsClient(`${url}/?auth=${jwt}`, { headers })
  const frames: string[] = []
  socket.on('message', (data) => frames.push(String(data)))
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  const opened = await new Promise<{ status: number; body: string } | undefined>((resolve) => {
    socket.on('open', () => resolve(undefined))
    socket.on('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    socket.on('error', () => {})
  })
  const call = (method: string, params: unknown, id: number) =>
    socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
  /** Waits for the answer to request `id`. */
  const answer = async (id: number) => {
    const deadline = Date.now() + 5000
    while (Date.now() < deadline) {
      const frame = frames.map((text) => JSON.parse(text)).find((parsed) => parsed.id === id)
      if (frame) return frame as { result?: unknown; error?: { code: number; message: string } }
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`No answer to request ${id}.`)
  }
  return { socket, frames, closed, refused: opened, call, answer }
}

test('cross-site pages and foreign Host names are refused with 403 JSON; local pages pass', async () => {
  const health = (headers: Record<string, string>) =>
    realFetch(`${relay.url.replace('ws:', 'http:')}/health`, { headers }).then(
      async (response) => `${response.status} ${await response.text()}`,
    )
  expect(await health({ origin: 'https://evil.example' })).toMatchInlineSnapshot(
    `"403 {"error":{"code":"FORBIDDEN_ORIGIN","message":"Origin \\"https://evil.example\\" may not use the devnet services."}}"`,
  )
  expect(await health({ origin: 'http://127.0.0.1:4170' })).toBe('200 {"status":"ok"}')

  const evil = await openSocket(relay.url, { origin: 'https://evil.example' })
  expect(evil.refused?.status).toBe(403)
  const rebound = await openSocket(relay.url, { host: 'attacker.example:4172' })
  expect(rebound.refused).toMatchInlineSnapshot(`
    {
      "body": "{"error":{"code":"FORBIDDEN_HOST","message":"Host \\"attacker.example:4172\\" is not served here: use 127.0.0.1 or localhost."}}",
      "status": 403,
    }
  `)
  for (const origin of [
    'http://localhost:5173',
    'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
  ]) {
    const allowed = await openSocket(relay.url, { origin })
    expect(allowed.refused).toBeUndefined()
    allowed.socket.close()
    await allowed.closed
  }
})

test('a JWT signed for another relay URL is refused with 3000', async () => {
  const jwt = await signJWT('session', 'wss://relay.walletconnect.org', 86_400, generateKeyPair())
  const socket = new WsClient(`${relay.url}/?auth=${jwt}`)
  const closed = await new Promise<[number, string]>((resolve) =>
    socket.on('close', (code, reason) => resolve([code, String(reason)])),
  )
  expect(closed).toMatchInlineSnapshot(`
    [
      3000,
      "Unauthorized: Auth JWT is for another relay ("aud" is "wss://relay.walletconnect.org").",
    ]
  `)
})

test('connections past the per-IP cap get 429; closing one frees its place', async () => {
  const capped = await startRelay({ port: 0, limits: { maxConnectionsPerIp: 2 } })
  try {
    const first = await openSocket(capped.url)
    const second = await openSocket(capped.url)
    const third = await openSocket(capped.url)
    expect([first.refused, second.refused]).toEqual([undefined, undefined])
    expect(third.refused?.status).toBe(429)
    expect(JSON.parse(third.refused?.body ?? '{}').error.code).toBe('TOO_MANY_CONNECTIONS')
    first.socket.close()
    await first.closed
    const fourth = await openSocket(capped.url)
    expect(fourth.refused).toBeUndefined()
  } finally {
    await capped.stop()
  }
})

test('a socket is closed (1001) when its JWT expires, so the client reconnects with a fresh one', async () => {
  // The relay's clock stands 20 ms before the JWT's expiry: no waiting out its lifetime.
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAtMs = (issuedAt + 2) * 1000
  let time = expiresAtMs - 20
  const strict = await startRelay({ port: 0, authSkewMs: 0, now: () => time })
  try {
    const jwt = await signJWT('session', strict.url, 2, generateKeyPair(), issuedAt)
    const socket = new WsClient(`${strict.url}/?auth=${jwt}`)
    const closed = new Promise<[number, string]>((resolve) =>
      socket.on('close', (code, reason) => resolve([code, String(reason)])),
    )
    await new Promise((resolve) => socket.once('open', resolve))
    const opened = performance.now()
    expect(await within(closed, 5000)).toEqual([1001, 'Auth JWT expired.'])
    expect(performance.now() - opened).toBeLessThan(1_000)
    // At its expiry, the same JWT is refused outright.
    time = expiresAtMs
    const late = new WsClient(`${strict.url}/?auth=${jwt}`)
    const refused = new Promise<[number, string]>((resolve) =>
      late.on('close', (code, reason) => resolve([code, String(reason)])),
    )
    expect(await within(refused, 5000)).toEqual([
      3000,
      `Unauthorized: Auth JWT expired at "${issuedAt + 2}".`,
    ])
  } finally {
    await strict.stop()
  }
})

test('connections past the total cap get 429', async () => {
  const capped = await startRelay({ port: 0, limits: { maxConnections: 1 } })
  try {
    const first = await openSocket(capped.url)
    const second = await openSocket(capped.url)
    expect([first.refused, second.refused?.status]).toEqual([undefined, 429])
  } finally {
    await capped.stop()
  }
})

test('flood: a client past the limits is refused or disconnected, others keep working', async () => {
  const flooded = await startRelay({
    port: 0,
    limits: {
      maxPayloadBytes: 64 * 1024,
      maxMessageLength: 16 * 1024,
      maxTopicsPerClient: 50,
      requestsPerSecond: 100,
      requestBurst: 300,
    },
  })
  try {
    const dapp = await openSocket(flooded.url)
    const wallet = await openSocket(flooded.url)
    wallet.call('irn_subscribe', { topic: 'session' }, 1)
    expect((await wallet.answer(1)).result).toMatch(/^[0-9a-f]{64}$/)

    // Too many topics: refused one by one, the socket stays.
    const attacker = await openSocket(flooded.url)
    attacker.call(
      'irn_batchSubscribe',
      { topics: Array.from({ length: 60 }, (_, i) => `a${i}`) },
      1,
    )
    expect((await attacker.answer(1)).error?.message).toMatch(/Too many topics/)
    // A message over the cap: refused.
    attacker.call('irn_publish', { topic: 'session', message: 'x'.repeat(20_000), ttl: 300 }, 2)
    expect((await attacker.answer(2)).error?.message).toMatch(/Message too large/)
    // A frame over maxPayload: the socket is closed with 1009.
    const big = await openSocket(flooded.url)
    big.socket.send('x'.repeat(100 * 1024))
    expect((await within(big.closed, 5000)).code).toBe(1009)
    // A request flood: 2,000 publishes at once; the socket is closed with 1008.
    for (let id = 10; id < 2010; id++)
      attacker.call('irn_publish', { topic: 'flood', message: `m${id}`, ttl: 300 }, id)
    expect(await within(attacker.closed, 5000)).toEqual({
      code: 1008,
      reason: 'Too many requests.',
    })

    // Meanwhile the honest pair still talks, and new clients still connect.
    dapp.call('irn_publish', { topic: 'session', message: 'hello', ttl: 300 }, 1)
    expect((await dapp.answer(1)).result).toBe(true)
    const deadline = Date.now() + 5000
    while (!wallet.frames.some((frame) => frame.includes('"hello"')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(wallet.frames.some((frame) => frame.includes('"hello"'))).toBe(true)
    const late = await openSocket(flooded.url)
    expect(late.refused).toBeUndefined()
  } finally {
    await flooded.stop()
  }
})
