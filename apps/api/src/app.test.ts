import { readFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import {
  apiErrorSchema,
  balanceResponseSchema,
  supportedChainsResponseSchema,
} from '@latch/api-contract'
import { findFreePort, type StartTestAnvilReturnType, startTestAnvil } from '@latch/test'
import { createTestClient, type Hex, http, numberToHex } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppDeps, createApp } from './app.ts'
import { createChainClients } from './createChainClients.ts'
import type { LogFields, Logger } from './logger.ts'
import { type ApiNetwork, multicall3Address } from './network.ts'
import { createMemoryCacheStore } from './stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from './stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from './stores/createMemoryWalletRegistryStore.ts'

const multicall3ArtifactPath = path.resolve(
  import.meta.dirname,
  '../../devnet/artifacts/Multicall3.json',
)
const projectId = '0123456789abcdef0123456789abcdef'
// anvil's first test account, funded with 10000 ETH.
const holder = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const usdToken = '0x00000000000000000000000000000000000000a1'
const pointsToken = '0x00000000000000000000000000000000000000a2'
const notAContract = '0x00000000000000000000000000000000000000a3'
const emptyToken = '0x00000000000000000000000000000000000000a4'

/** Runtime code that answers every call with one uint256: a stand-in ERC-20 `balanceOf`. */
function constantReturnCode(value: bigint) {
  return `0x7f${numberToHex(value, { size: 32 }).slice(2)}60005260206000f3` as const
}

function createTestLogger() {
  const entries: { level: string; message: string; fields?: LogFields | undefined }[] = []
  const logger: Logger = {
    info: (message, fields) => entries.push({ level: 'info', message, fields }),
    warn: (message, fields) => entries.push({ level: 'warn', message, fields }),
    error: (message, fields) => entries.push({ level: 'error', message, fields }),
  }
  return { logger, entries }
}

function testNetwork(rpcUrl: string, overrides: Partial<ApiNetwork> = {}): ApiNetwork {
  return {
    id: 31337,
    name: 'Test Anvil',
    rpcUrl,
    publicRpcUrl: rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    nativePriceUsd: 2000,
    testnet: true,
    tokens: [
      { address: usdToken, name: 'Latch USD', symbol: 'lUSD', decimals: 6, priceUsd: 1 },
      { address: pointsToken, name: 'Points', symbol: 'PTS', decimals: 0, priceUsd: 0 },
      { address: notAContract, name: 'Ghost', symbol: 'GHO', decimals: 18, priceUsd: 0 },
      { address: emptyToken, name: 'Empty', symbol: 'EMT', decimals: 18, priceUsd: 3 },
    ],
    ...overrides,
  }
}

function testApp(networks: readonly ApiNetwork[], deps: Partial<AppDeps> = {}) {
  const { logger, entries } = createTestLogger()
  const app = createApp({
    networks,
    projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
    clients: createChainClients(networks, { timeout: 1_000, retryCount: 0 }),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger,
    ...deps,
  })
  return { app, entries }
}

/** Status and parsed body of an answer, for inline snapshots. */
async function json(pending: Response | Promise<Response>) {
  const response = await pending
  return { status: response.status, body: await response.json() }
}

describe('with a running anvil', () => {
  let anvil: StartTestAnvilReturnType
  let app: ReturnType<typeof testApp>['app']

  beforeAll(async () => {
    anvil = await startTestAnvil({ chainId: 31337 })
    const testClient = createTestClient({
      chain: foundry,
      mode: 'anvil',
      transport: http(anvil.rpcUrl),
    })
    await testClient.setCode({ address: usdToken, bytecode: constantReturnCode(1_234_500_000n) })
    await testClient.setCode({ address: pointsToken, bytecode: constantReturnCode(7n) })
    await testClient.setCode({ address: emptyToken, bytecode: constantReturnCode(0n) })
    // Balances are read through Multicall3 at its canonical address, as on the devnet (whose
    // compiled artifact this is).
    const { deployedBytecode } = JSON.parse(await readFile(multicall3ArtifactPath, 'utf8')) as {
      deployedBytecode: Hex
    }
    await testClient.setCode({ address: multicall3Address, bytecode: deployedBytecode })
    app = testApp([testNetwork(anvil.rpcUrl)]).app
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  test('GET /v1/account/:address/balance answers the native and token balances', async () => {
    const response = await app.request(
      `/v1/account/${holder}/balance?projectId=${projectId}&chainId=eip155:31337&currency=usd`,
    )
    expect(response.status).toBe(200)
    const body = balanceResponseSchema.parse(await response.json())
    expect(body).toMatchInlineSnapshot(`
      {
        "balances": [
          {
            "address": "eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee",
            "chainId": "eip155:31337",
            "iconUrl": "http://localhost/public/getTokenImage/31337/0x0000000000000000000000000000000000000000",
            "name": "Ether",
            "price": 2000,
            "quantity": {
              "decimals": "18",
              "numeric": "10000",
            },
            "symbol": "ETH",
            "value": 20000000,
          },
          {
            "address": "eip155:31337:0x00000000000000000000000000000000000000a1",
            "chainId": "eip155:31337",
            "iconUrl": "http://localhost/public/getTokenImage/31337/0x00000000000000000000000000000000000000a1",
            "name": "Latch USD",
            "price": 1,
            "quantity": {
              "decimals": "6",
              "numeric": "1234.5",
            },
            "symbol": "lUSD",
            "value": 1234.5,
          },
        ],
      }
    `)
  })

  test('a plain chain id and the default currency work too', async () => {
    const response = await app.request(
      `/v1/account/${holder.toLowerCase()}/balance?projectId=${projectId}&chainId=31337`,
    )
    expect(response.status).toBe(200)
    const body = balanceResponseSchema.parse(await response.json())
    expect(body.balances.map((balance) => balance.symbol)).toEqual(['ETH', 'lUSD'])
  })

  // The stand-in tokens answer the same balance for everyone, so lUSD shows here too.
  test('the native coin is listed even at zero; zero token balances are not', async () => {
    const response = await app.request(
      `/v1/account/0x000000000000000000000000000000000000dEaD/balance?projectId=${projectId}&chainId=31337`,
    )
    const body = balanceResponseSchema.parse(await response.json())
    expect(body.balances.map((balance) => balance.symbol)).toEqual(['ETH', 'lUSD'])
    expect(body.balances[0]?.quantity).toEqual({ decimals: '18', numeric: '0' })
  })

  test('a currency the prices are not known in is a 400, never a made-up rate', async () => {
    const result = await json(
      app.request(
        `/v1/account/${holder}/balance?projectId=${projectId}&chainId=31337&currency=eur`,
      ),
    )
    expect(result).toEqual({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST',
          message: 'Currency "eur" is not available from this price source.',
        },
      },
    })
  })
})

describe('request validation', () => {
  const { app } = testApp([testNetwork('http://127.0.0.1:9')])
  const balance = (address: string, query: string) =>
    json(app.request(`/v1/account/${address}/balance?${query}`))

  test('a bad address is a 400 naming it', async () => {
    expect(await balance('xyz', `projectId=${projectId}&chainId=31337`)).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "Invalid address "xyz".",
          },
        },
        "status": 400,
      }
    `)
    // A mixed-case address with a wrong checksum is a typo, not an address.
    const badChecksum = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect((await balance(badChecksum, `projectId=${projectId}&chainId=31337`)).status).toBe(400)
  })

  test('a malformed chain id is a 400', async () => {
    expect(await balance(holder, `projectId=${projectId}&chainId=abc`)).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "chainId must be a positive integer or a CAIP-2 id like "eip155:31337" or "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".",
          },
        },
        "status": 400,
      }
    `)
  })

  test('a missing chain id is a 400', async () => {
    expect((await balance(holder, `projectId=${projectId}`)).body).toMatchInlineSnapshot(`
      {
        "error": {
          "code": "BAD_REQUEST",
          "message": "chainId is required.",
        },
      }
    `)
  })

  test('a chain the API does not serve is a 400', async () => {
    expect(
      await balance(holder, `projectId=${projectId}&chainId=eip155:123`),
    ).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "Chain eip155:123 is not supported.",
          },
        },
        "status": 400,
      }
    `)
  })

  test('an unknown currency is a 400', async () => {
    expect(
      (await balance(holder, `projectId=${projectId}&chainId=31337&currency=gbp`)).body,
    ).toMatchInlineSnapshot(`
      {
        "error": {
          "code": "BAD_REQUEST",
          "message": "currency must be one of "usd", "eur".",
        },
      }
    `)
  })
})

describe('projects', () => {
  const { app } = testApp([testNetwork('http://127.0.0.1:9')])

  test('a missing projectId is a 400', async () => {
    expect(await json(app.request('/v1/supported-chains'))).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "A projectId is required.",
          },
        },
        "status": 400,
      }
    `)
  })

  test('an unknown projectId is a 401 with the spec text', async () => {
    expect(await json(app.request('/v1/supported-chains?projectId=nope'))).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "UNAUTHORIZED",
            "message": "Unauthorized: invalid key",
          },
        },
        "status": 401,
      }
    `)
    const balance = await app.request(`/v1/account/${holder}/balance?projectId=nope&chainId=1`)
    expect(balance.status).toBe(401)
  })

  test('the projectId may come in the X-Project-Id header', async () => {
    const response = await app.request('/v1/supported-chains', {
      headers: { 'X-Project-Id': projectId },
    })
    expect(response.status).toBe(200)
  })
})

describe('GET /v1/supported-chains', () => {
  test('lists the configured networks without server-only RPC URLs', async () => {
    const { app } = testApp([
      testNetwork('http://127.0.0.1:8545'),
      testNetwork('https://rpc.example.com/v2/secret-key', {
        id: 10,
        name: 'OP Mainnet',
        publicRpcUrl: 'https://mainnet.optimism.io',
        testnet: false,
        blockExplorerUrl: 'https://optimistic.etherscan.io',
      }),
    ])
    const response = await app.request(`/v1/supported-chains?projectId=${projectId}`)
    expect(response.status).toBe(200)
    const body = supportedChainsResponseSchema.parse(await response.json())
    expect(JSON.stringify(body)).not.toContain('secret-key')
    expect(body).toMatchInlineSnapshot(`
      {
        "http": [
          "eip155:31337",
          "eip155:10",
        ],
        "namespaceNetworks": [],
        "networks": [
          {
            "caipNetworkId": "eip155:31337",
            "chainNamespace": "eip155",
            "id": 31337,
            "name": "Test Anvil",
            "nativeCurrency": {
              "decimals": 18,
              "name": "Ether",
              "symbol": "ETH",
            },
            "rpcUrls": {
              "default": {
                "http": [
                  "http://localhost/v1/?chainId=eip155:31337&projectId=0123456789abcdef0123456789abcdef",
                ],
              },
            },
            "testnet": true,
          },
          {
            "blockExplorers": {
              "default": {
                "name": "Explorer",
                "url": "https://optimistic.etherscan.io",
              },
            },
            "caipNetworkId": "eip155:10",
            "chainNamespace": "eip155",
            "id": 10,
            "name": "OP Mainnet",
            "nativeCurrency": {
              "decimals": 18,
              "name": "Ether",
              "symbol": "ETH",
            },
            "rpcUrls": {
              "default": {
                "http": [
                  "http://localhost/v1/?chainId=eip155:10&projectId=0123456789abcdef0123456789abcdef",
                ],
              },
            },
            "testnet": false,
          },
        ],
        "ws": [],
      }
    `)
  })
})

describe('an RPC that fails', () => {
  test('a refused connection is a 502, not a 500', async () => {
    const closedPort = await findFreePort()
    const { app, entries } = testApp([testNetwork(`http://127.0.0.1:${closedPort}`)])
    const result = await json(
      app.request(`/v1/account/${holder}/balance?projectId=${projectId}&chainId=31337`),
    )
    expect(result).toMatchInlineSnapshot(`
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
    expect(entries).toHaveLength(1)
    expect(JSON.stringify(entries)).not.toContain(String(closedPort))
  })

  test('an RPC that never answers is a 502 after the client timeout', async () => {
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    try {
      const { logger } = createTestLogger()
      const networks = [testNetwork(`http://127.0.0.1:${port}`)]
      const app = createApp({
        networks,
        projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
        clients: createChainClients(networks, { timeout: 300, retryCount: 0 }),
        wallets: createMemoryWalletRegistryStore([]),
        cache: createMemoryCacheStore(),
        logger,
      })
      const response = await app.request(
        `/v1/account/${holder}/balance?projectId=${projectId}&chainId=31337`,
      )
      expect(response.status).toBe(502)
      expect(apiErrorSchema.parse(await response.json()).error.code).toBe('UPSTREAM_UNAVAILABLE')
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  }, 5_000)
})

describe('errors and routing', () => {
  test('an unknown route is a JSON 404', async () => {
    const { app } = testApp([])
    expect(await json(app.request('/nope'))).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "NOT_FOUND",
            "message": "No route for GET "/nope".",
          },
        },
        "status": 404,
      }
    `)
    expect((await app.request(`/v1/nope?projectId=${projectId}`)).status).toBe(404)
  })

  test('an unexpected error is logged with the request id and answered with a bare 500', async () => {
    const { app, entries } = testApp([], {
      projects: {
        ...createMemoryProjectStore(),
        get: () => Promise.reject(new Error('database on fire at postgres://user:pw@db')),
      },
    })
    const response = await app.request(`/v1/supported-chains?projectId=${projectId}`)
    const requestId = response.headers.get('x-request-id')
    expect(await json(response)).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "INTERNAL",
            "message": "Internal server error.",
          },
        },
        "status": 500,
      }
    `)
    expect(requestId).toBeTruthy()
    expect(entries).toMatchObject([
      { level: 'error', message: 'Unhandled error.', fields: { requestId } },
    ])
  })

  test('GET /health answers without a project', async () => {
    const { app } = testApp([])
    expect(await json(app.request('/health'))).toEqual({ status: 200, body: { status: 'ok' } })
  })
})

describe('CORS', () => {
  const { app } = testApp([testNetwork('http://127.0.0.1:9')], {
    allowedOrigins: ['http://localhost:*', 'https://*.example.com'],
  })

  test('allowed origins may read answers, errors included', async () => {
    const ok = await app.request(`/v1/supported-chains?projectId=${projectId}`, {
      headers: { Origin: 'http://localhost:4170' },
    })
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:4170')
    const unauthorized = await app.request('/v1/supported-chains?projectId=nope', {
      headers: { Origin: 'https://app.example.com' },
    })
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
  })

  test('a preflight from an allowed origin is answered', async () => {
    const response = await app.request('/v1/supported-chains', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-project-id',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-project-id',
    )
  })

  test('another origin is refused with the spec text', async () => {
    const response = await app.request(`/v1/supported-chains?projectId=${projectId}`, {
      headers: { Origin: 'https://evil.test' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('https://evil.test')
    expect(await json(response)).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "UNAUTHORIZED",
            "message": "Unauthorized: origin not allowed",
          },
        },
        "status": 403,
      }
    `)
  })
})

describe('projects and their origins', () => {
  const projects = createMemoryProjectStore([
    { id: projectId, name: 'Test' },
    {
      id: 'shop',
      name: 'Shop',
      allowedOrigins: ['https://shop.example.com', 'https://*.shop-preview.test'],
    },
  ])
  const { app } = testApp([testNetwork('http://127.0.0.1:9')], { projects })

  test('GET /projects/v1/origins answers the project origins, or the default list', async () => {
    expect(await json(app.request('/projects/v1/origins?projectId=shop'))).toEqual({
      status: 200,
      body: { allowedOrigins: ['https://shop.example.com', 'https://*.shop-preview.test'] },
    })
    expect(await json(app.request(`/projects/v1/origins?projectId=${projectId}`))).toEqual({
      status: 200,
      body: { allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'] },
    })
    expect((await app.request('/projects/v1/origins?projectId=nope')).status).toBe(401)
    expect((await app.request('/projects/v1/origins')).status).toBe(400)
  })

  test("each request is checked against its project's origins", async () => {
    const call = (project: string, origin: string) =>
      app.request(`/v1/supported-chains?projectId=${project}`, { headers: { Origin: origin } })
    const allowed = await call('shop', 'https://pr-12.shop-preview.test')
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(
      'https://pr-12.shop-preview.test',
    )
    // The shop's own list replaces the default one: localhost is not allowed for it.
    expect((await call('shop', 'http://localhost:4170')).status).toBe(403)
    expect((await call(projectId, 'https://shop.example.com')).status).toBe(403)
    expect((await call(projectId, 'http://localhost:4170')).status).toBe(200)
    // Server-side calls carry no Origin and pass.
    expect((await app.request('/v1/supported-chains?projectId=shop')).status).toBe(200)
  })

  test('a preflight is answered for the origins of the project in the query', async () => {
    const preflight = (project: string, origin: string) =>
      app.request(`/v1/supported-chains?projectId=${project}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      })
    const allowed = await preflight('shop', 'https://shop.example.com')
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example.com')
    const refused = await preflight('shop', 'http://localhost:4170')
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('the project is looked up once per request', async () => {
    let reads = 0
    const counting = {
      ...projects,
      get: (id: string) => {
        reads++
        return projects.get(id)
      },
    }
    const { app: countingApp } = testApp([], { projects: counting })
    await countingApp.request('/projects/v1/origins?projectId=shop', {
      headers: { Origin: 'https://shop.example.com' },
    })
    expect(reads).toBe(1)
  })
})
