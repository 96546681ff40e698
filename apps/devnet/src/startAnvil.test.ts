import { request } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket as WsClient } from 'ws'
import { type StartAnvilReturnType, startAnvil } from './startAnvil.ts'

let anvil: StartAnvilReturnType
const funded = '0x00000000000000000000000000000000000a11ce'

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
})

afterAll(async () => {
  await anvil?.stop()
})

const rpc = async (url: string, method: string, params: unknown[], headers = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return {
    status: response.status,
    cors: response.headers.get('access-control-allow-origin'),
    body: (await response.json()) as {
      result?: unknown
      error?: { code: string; message: string }
    },
  }
}

test('anvil is published behind the check: Node, loopback pages and extensions reach it', async () => {
  expect(anvil.rpcUrl).not.toBe(anvil.internalRpcUrl)
  expect((await rpc(anvil.rpcUrl, 'eth_chainId', [])).body.result).toBe('0x7a69')
  for (const origin of [
    'http://127.0.0.1:4170',
    'moz-extension://0c1a7a3e-2f1b-4a55-8f7e-2d3b9f0e8c11',
  ]) {
    const answer = await rpc(anvil.rpcUrl, 'eth_chainId', [], { origin })
    expect([answer.status, answer.body.result]).toEqual([200, '0x7a69'])
    expect(answer.cors).not.toBeNull()
  }
})

test('a cross-site page or a rebound Host cannot drive anvil (403, nothing applied)', async () => {
  const attack = (headers: Record<string, string>) =>
    rpc(anvil.rpcUrl, 'anvil_setBalance', [funded, '0xde0b6b3a7640000'], headers)
  const cross = await attack({ origin: 'https://evil.example' })
  expect([cross.status, cross.cors, cross.body]).toMatchInlineSnapshot(`
    [
      403,
      null,
      {
        "error": {
          "code": "FORBIDDEN_ORIGIN",
          "message": "Origin "https://evil.example" may not use the devnet services.",
        },
      },
    ]
  `)
  // fetch drops a Host header it is given: send the rebound request with node:http.
  const rebound = await new Promise<string>((resolve, reject) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [funded, '0xde0b6b3a7640000'],
    })
    const url = new URL(anvil.rpcUrl)
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        headers: { host: `evil.example:${url.port}`, 'content-type': 'application/json' },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => resolve(`${response.statusCode} ${text}`))
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
  expect(rebound).toMatch(/^403 .*"FORBIDDEN_HOST"/)
  const preflight = await fetch(anvil.rpcUrl, {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
  })
  expect(preflight.status).toBe(403)
  expect((await rpc(anvil.rpcUrl, 'eth_getBalance', [funded, 'latest'])).body.result).toBe('0x0')
})

test('WebSocket subscriptions pass through; a cross-site socket is refused', async () => {
  const wsUrl = anvil.rpcUrl.replace('http:', 'ws:')
  const socket = new WsClient(wsUrl, { headers: { origin: 'http://localhost:4170' } })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const frames: { id?: number; params?: { result?: { number?: string } } }[] = []
  socket.on('message', (data) => frames.push(JSON.parse(String(data))))
  socket.send(
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }),
  )
  await expect.poll(() => frames.some((frame) => frame.id === 1)).toBe(true)
  await rpc(anvil.rpcUrl, 'anvil_mine', ['0x1'])
  await expect.poll(() => frames.some((frame) => frame.params?.result?.number)).toBe(true)
  socket.close()

  const evil = new WsClient(wsUrl, { headers: { origin: 'https://evil.example' } })
  const status = await new Promise<number | undefined>((resolve) => {
    evil.on('unexpected-response', (_request, response) => resolve(response.statusCode))
    evil.on('open', () => resolve(undefined))
    evil.on('error', () => {})
  })
  expect(status).toBe(403)
})

test('figure: the proxy adds little to a call (printed, not asserted)', async () => {
  const time = async (url: string) => {
    const started = performance.now()
    for (let index = 0; index < 200; index++) await rpc(url, 'eth_blockNumber', [])
    return (performance.now() - started) / 200
  }
  await time(anvil.internalRpcUrl)
  const direct = await time(anvil.internalRpcUrl)
  const proxied = await time(anvil.rpcUrl)
  console.info(
    `anvil guard proxy: ${direct.toFixed(3)} ms direct, ${proxied.toFixed(3)} ms through the proxy (mean of 200 eth_blockNumber)`,
  )
  expect(proxied).toBeGreaterThan(0)
})
