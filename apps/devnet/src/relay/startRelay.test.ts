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
