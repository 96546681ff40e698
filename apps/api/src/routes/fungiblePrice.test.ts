import { type DevnetChain, fungiblePriceResponseSchema } from '@latch/api-contract'
import { findFreePort, type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { forEachDatabase } from '../db/testing.ts'
import type { Logger } from '../logger.ts'
import { type ApiNetwork, networkFromDevnetChain } from '../network.ts'
import { createPriceSource } from '../services/prices/createPriceSource.ts'
import { createDbCacheStore } from '../stores/createDbCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { createRecordingFetch } from '../testing/createRecordingFetch.ts'

const projectId = '0123456789abcdef0123456789abcdef'
const native = '0x0000000000000000000000000000000000000000'
const silent: Logger = { info() {}, warn() {}, error() {} }

let devnet: StartTestDevnetReturnType
let networks: ApiNetwork[]
let chain: DevnetChain

beforeAll(async () => {
  devnet = await startTestDevnet()
  networks = devnet.manifest.chains.map(networkFromDevnetChain)
  chain = devnet.manifest.chains[0] as DevnetChain
})
afterAll(async () => {
  await devnet?.stop()
})

function priceApp(db: Parameters<typeof createDbCacheStore>[0]['db'], apiNetworks = networks) {
  const recording = createRecordingFetch()
  const clients = createChainClients(apiNetworks, {
    timeout: 1_000,
    retryCount: 0,
    fetchFn: recording.fetchFn,
  })
  const cache = createDbCacheStore({ db })
  const app = createApp({
    networks: apiNetworks,
    projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
    clients,
    wallets: createMemoryWalletRegistryStore([]),
    cache,
    prices: createPriceSource({ networks: apiNetworks, clients, cache }),
    logger: silent,
  })
  return { app, recording }
}

const caip10 = (symbol: string, devnetChain = chain) =>
  `eip155:${devnetChain.id}:${devnetChain.tokens.find((token) => token.symbol === symbol)?.address}`

/** POSTs a body (an object is sent as JSON) and returns status and parsed answer. */
async function post(app: ReturnType<typeof createApp>, body: unknown, query = '') {
  const response = await app.request(`/v1/fungible/price${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  type Answer = { fungibles: unknown[]; error: { code: string; message: string } }
  return { status: response.status, body: (await response.json()) as Answer }
}

forEachDatabase('POST /v1/fungible/price', (context) => {
  test('prices CAIP-10 tokens from the pools, in the order asked, once each', async () => {
    const { app, recording } = priceApp(context.db)
    const alphaLower = caip10('ALPHA').toLowerCase()
    const result = await post(app, {
      projectId,
      currency: 'usd',
      addresses: [
        caip10('ALPHA'),
        `eip155:31337:${native}`,
        caip10('LUSD'),
        alphaLower,
        caip10('BETA', devnet.manifest.chains[1]),
      ],
    })
    expect(result.status).toBe(200)
    const { fungibles } = fungiblePriceResponseSchema.parse(result.body)
    expect(
      fungibles.map(({ symbol, decimals, address, name }) => ({ symbol, decimals, address, name })),
    ).toEqual([
      { symbol: 'ALPHA', decimals: 18, address: caip10('ALPHA'), name: 'Alpha Token' },
      { symbol: 'ETH', decimals: 18, address: `eip155:31337:${native}`, name: 'Ether' },
      { symbol: 'LUSD', decimals: 6, address: caip10('LUSD'), name: 'Latch USD' },
      {
        symbol: 'BETA',
        decimals: 18,
        address: caip10('BETA', devnet.manifest.chains[1]),
        name: 'Beta Token',
      },
    ])
    const [alpha, eth, lusd, beta] = fungibles
    expect(alpha?.price).toBeGreaterThan(2 * 0.996)
    expect(alpha?.price).toBeLessThan(2)
    expect(eth?.price).toBeGreaterThan(3000 * 0.996)
    expect(lusd?.price).toBe(1)
    expect(beta?.price).toBeGreaterThan(30 * 0.99)
    expect(alpha?.iconUrl).toBe(
      `http://localhost/public/getTokenImage/31337/${caip10('ALPHA').split(':')[2]}`,
    )
    // One price multicall per chain; the second ask is answered from the cache.
    expect(recording.methods).toEqual(['eth_call', 'eth_call'])
    recording.reset()
    await post(app, { projectId, addresses: [caip10('ALPHA')] })
    expect(recording.methods).toEqual([])
  })

  test('an unlisted ERC-20 is read from the chain; a non-ERC-20 is left out', async () => {
    // The API lists no BETA here, so its name, symbol and decimals come from the chain.
    const withoutBeta = networks.map((network) => ({
      ...network,
      tokens: network.tokens.filter((token) => token.symbol !== 'BETA'),
    }))
    const { app } = priceApp(context.db, withoutBeta)
    const lanterns = `eip155:31337:${chain.nft.address}`
    const result = await post(app, { projectId, addresses: [caip10('BETA'), lanterns] })
    expect(result.status).toBe(200)
    expect(result.body.fungibles).toMatchObject([
      { symbol: 'BETA', name: 'Beta Token', decimals: 18, address: caip10('BETA') },
    ])
  })

  test('the project id may come in the query or the X-Project-Id header instead', async () => {
    const { app } = priceApp(context.db)
    expect(
      (await post(app, { addresses: [caip10('LUSD')] }, `?projectId=${projectId}`)).status,
    ).toBe(200)
    const response = await app.request('/v1/fungible/price', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-project-id': projectId },
      body: JSON.stringify({ addresses: [caip10('LUSD')] }),
    })
    expect(response.status).toBe(200)
  })

  test('eur is refused: the pools quote USD only', async () => {
    const { app } = priceApp(context.db)
    expect(
      await post(app, { projectId, currency: 'eur', addresses: [caip10('LUSD')] }),
    ).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "Currency "eur" is not available from this price source.",
          },
        },
        "status": 400,
      }
    `)
  })
})

describe('bad input', () => {
  forEachDatabase('POST /v1/fungible/price', (context) => {
    const cases: [string, unknown][] = [
      ['not JSON', '{"projectId": '],
      ['not an object', '[1, 2]'],
      ['no addresses', { projectId }],
      ['addresses not an array', { projectId, addresses: 'eip155:1:0x0' }],
      ['no address', { projectId, addresses: [] }],
      [
        'a bad CAIP-10 address',
        { projectId, addresses: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] },
      ],
      ['a number for an address', { projectId, addresses: [42] }],
      [
        'an unknown currency',
        { projectId, currency: 'gbp', addresses: [`eip155:31337:${native}`] },
      ],
      ['a chain not served', { projectId, addresses: [`eip155:1:${native}`] }],
      [
        'a body over 64 KB',
        { projectId, addresses: [`eip155:31337:${native}`], pad: 'x'.repeat(70_000) },
      ],
    ]
    test.each(cases)('%s is a 400 (413 when too large)', async (name, body) => {
      const { app } = priceApp(context.db)
      const result = await post(app, body, `?projectId=${projectId}`)
      expect(result.status).toBe(name === 'a body over 64 KB' ? 413 : 400)
      expect(result.body.error.code).toBe('BAD_REQUEST')
    })

    test('the messages name the problem', async () => {
      const { app } = priceApp(context.db)
      const messages = await Promise.all(
        cases.map(async ([name, body]) => [
          name,
          (await post(app, body, `?projectId=${projectId}`)).body.error.message,
        ]),
      )
      expect(Object.fromEntries(messages)).toMatchInlineSnapshot(`
        {
          "a bad CAIP-10 address": "Each address must be CAIP-10, like "eip155:1:0x...".",
          "a body over 64 KB": "The request body is larger than 64 KB.",
          "a chain not served": "Chain eip155:1 is not supported.",
          "a number for an address": "Each entry of addresses must be a string.",
          "addresses not an array": "addresses must be an array.",
          "an unknown currency": "currency must be one of "usd", "eur".",
          "no address": "At least one address is required.",
          "no addresses": "addresses is required.",
          "not JSON": "The request body must be JSON.",
          "not an object": "The request body must be a JSON object.",
        }
      `)
    })

    test('no project id anywhere is a 400; an unknown one a 401', async () => {
      const { app } = priceApp(context.db)
      expect((await post(app, { addresses: [caip10('LUSD')] })).status).toBe(400)
      expect((await post(app, { projectId: 'nope', addresses: [caip10('LUSD')] })).status).toBe(401)
    })

    test('an unreachable RPC is a 502 UPSTREAM_UNAVAILABLE', async () => {
      const closedPort = await findFreePort()
      const dead = networks.map((network) => ({
        ...network,
        rpcUrl: `http://127.0.0.1:${closedPort}`,
      }))
      const { app } = priceApp(context.db, dead)
      expect(await post(app, { projectId, addresses: [caip10('ALPHA')] })).toMatchInlineSnapshot(`
        {
          "body": {
            "error": {
              "code": "UPSTREAM_UNAVAILABLE",
              "message": "The RPC for chain eip155:31337 did not answer.",
            },
          },
          "status": 502,
        }
      `)
    })
  })
})
