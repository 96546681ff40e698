import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { bundlerEndpointUrl } from '@latch/api-contract'
import { http } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type AppDeps, createApp } from '../app.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { type AccountAbstractionDeployment, type ApiNetwork, networkFromInput } from '../network.ts'
import {
  type FakeUserOperationService,
  startFakeUserOperationService,
} from '../services/accountAbstraction/testing/startFakeUserOperationService.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { createRateLimitCounter } from '../stores/createRateLimitCounter.ts'
import type { RateLimitStore } from '../stores/rateLimitStore.ts'

const projectId = 'bundler-test-project'
const page = 'https://app.test'
const chainId = 31337
const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const userOpHash = `0x${'ab'.repeat(32)}`
/** A v0.7 user operation as viem's bundler client sends it. */
const userOperation = {
  sender: '0x1111111111111111111111111111111111111111',
  nonce: '0x0',
  factory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
  factoryData: '0x5fbfb9cf',
  callData: '0xb61d27f6',
  callGasLimit: '0x1',
  verificationGasLimit: '0x1',
  preVerificationGas: '0x1',
  maxFeePerGas: '0x1',
  maxPriorityFeePerGas: '0x1',
  signature: `0x${'00'.repeat(65)}`,
}
const receipt = {
  userOpHash,
  entryPoint,
  sender: userOperation.sender,
  nonce: '0x0',
  paymaster: '0x0000000000000000000000000000000000000000',
  actualGasCost: '0x1',
  actualGasUsed: '0x1',
  success: true,
  logs: [],
  receipt: {
    transactionHash: `0x${'cd'.repeat(32)}`,
    transactionIndex: '0x0',
    blockHash: `0x${'ef'.repeat(32)}`,
    blockNumber: '0x5',
    from: '0x2222222222222222222222222222222222222222',
    to: entryPoint,
    cumulativeGasUsed: '0x1',
    gasUsed: '0x1',
    contractAddress: null,
    logs: [],
    logsBloom: `0x${'00'.repeat(256)}`,
    status: '0x1',
    effectiveGasPrice: '0x1',
    type: '0x2',
  },
}

let alto: FakeUserOperationService
let second: FakeUserOperationService
/** A port nothing listens on: a bundler that is down. */
let downUrl: string

beforeAll(async () => {
  const results = {
    eth_supportedEntryPoints: () => [entryPoint],
    eth_chainId: () => `0x${chainId.toString(16)}`,
    eth_sendUserOperation: () => userOpHash,
    eth_getUserOperationReceipt: () => receipt,
  }
  alto = await startFakeUserOperationService(results)
  second = await startFakeUserOperationService(results)
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`
  await new Promise<void>((resolve) => closed.close(() => resolve()))
})
afterAll(async () => {
  await alto?.stop()
  await second?.stop()
})
afterEach(() => {
  alto.mode = 'ok'
  alto.requests.length = 0
  second.requests.length = 0
})

function network(overrides: Partial<ApiNetwork> = {}): ApiNetwork {
  return {
    ...networkFromInput({
      id: chainId,
      name: 'Anvil',
      rpcUrl: 'http://127.0.0.1:9/',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }),
    accountAbstraction: {
      entryPoint,
      simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
      bundlers: [
        { name: 'alto', url: alto.url },
        { name: 'second', url: second.url },
      ],
    },
    ...overrides,
  }
}

function testApp(deps: Partial<AppDeps> = {}) {
  const { logger, entries } = createTestLogger()
  const app = createApp({
    networks: [
      network(),
      { ...network(), id: 5, accountAbstraction: undefined },
      {
        ...network(),
        id: 6,
        accountAbstraction: {
          ...(network().accountAbstraction as AccountAbstractionDeployment),
          bundlers: [{ name: 'alto', url: downUrl }],
        },
      },
    ],
    projects: createMemoryProjectStore([
      { id: projectId, name: 'Bundler test', allowedOrigins: [page] },
    ]),
    clients: new Map(),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger,
    publicUrl: 'https://api.test',
    accountAbstraction: {
      fetch: createGuardedFetch({ allowPrivateHosts: true }),
      settings: { timeoutMs: 500 },
    },
    ...deps,
  })
  return { app, logEntries: entries }
}

const endpoint = (query = `chainId=eip155:${chainId}&projectId=${projectId}`) =>
  `https://api.test/v1/bundler?${query}`
const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

async function post(
  app: ReturnType<typeof createApp>,
  body: unknown,
  { url = endpoint(), headers = {} }: { url?: string; headers?: Record<string, string> } = {},
) {
  const response = await app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: page, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  // No answer may ever show where the bundler is.
  expect(text).not.toContain('SERVICE-KEY')
  expect(text).not.toContain('127.0.0.1')
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

describe('POST /v1/bundler', () => {
  test('forwards the allowed methods to the first bundler, answering under the caller id', async () => {
    const { app } = testApp()
    expect(await post(app, call('eth_supportedEntryPoints', [], 'a'))).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 'a', result: [entryPoint] },
    })
    const sent = await post(app, call('eth_sendUserOperation', [userOperation, entryPoint], 7))
    expect(sent.body).toEqual({ jsonrpc: '2.0', id: 7, result: userOpHash })
    expect(alto.requests).toEqual([
      { method: 'eth_supportedEntryPoints', params: [], contentType: 'application/json' },
      {
        method: 'eth_sendUserOperation',
        params: [userOperation, entryPoint],
        contentType: 'application/json',
      },
    ])
    expect(second.requests).toEqual([])
  })

  test('`bundler` picks a configured bundler by name; a bare chain id works too', async () => {
    const { app } = testApp()
    const answer = await post(app, call('eth_chainId'), {
      url: endpoint(`projectId=${projectId}&chainId=${chainId}&bundler=second`),
    })
    expect(answer.body.result).toBe('0x7a69')
    expect(second.requests.map((request) => request.method)).toEqual(['eth_chainId'])
    expect(alto.requests).toEqual([])
  })

  test("viem's bundler client reads a receipt through it", async () => {
    const { app } = testApp()
    const client = createBundlerClient({
      transport: http(bundlerEndpointUrl({ apiUrl: 'https://api.test', chainId, projectId }), {
        fetchFn: async (input, init) =>
          app.request(String(input), {
            ...init,
            headers: { ...(init?.headers as Record<string, string>), origin: page },
          }),
        retryCount: 0,
      }),
    })
    expect(await client.getSupportedEntryPoints()).toEqual([entryPoint])
    const got = await client.getUserOperationReceipt({ hash: userOpHash as `0x${string}` })
    expect(got.success).toBe(true)
    expect(got.receipt.transactionHash).toBe(receipt.receipt.transactionHash)
    // A bundler answering 500: the spec's words reach the client.
    alto.mode = 'status-500'
    await expect(
      client.getUserOperationReceipt({ hash: userOpHash as `0x${string}` }),
    ).rejects.toThrow('Failed to fetch user operation receipt - 500')
  })

  test('other methods are -32601 and bad params -32602, and nothing reaches the bundler', async () => {
    const { app } = testApp()
    for (const method of [
      'eth_sendTransaction',
      'eth_call',
      'debug_bundler_clearState',
      'pm_getPaymasterData',
    ])
      expect((await post(app, call(method, [], 3))).body).toEqual({
        jsonrpc: '2.0',
        id: 3,
        error: {
          code: -32601,
          message: `Method not found: "${method}" is not available on this endpoint.`,
        },
      })
    const badParams = await post(
      app,
      call('eth_sendUserOperation', [{ ...userOperation, sender: '0x12' }, entryPoint]),
    )
    expect(badParams.body.error).toEqual({
      code: -32602,
      message: 'Invalid params for eth_sendUserOperation: params[0].sender: expected an address.',
    })
    const noEntryPoint = await post(app, call('eth_estimateUserOperationGas', [userOperation]))
    expect(noEntryPoint.body.error.code).toBe(-32602)
    const batch = await post(app, [call('eth_chainId'), call('eth_chainId', [], 2)])
    expect(batch.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: send one request per call (no batches).' },
    })
    expect((await post(app, '{not json')).body.error.code).toBe(-32700)
    expect(alto.requests).toEqual([])
  })

  test('a bad query is a 400: chain not served, without smart accounts, unknown bundler', async () => {
    const { app } = testApp()
    const refused = async (query: string) => {
      const answer = await post(app, call('eth_chainId'), { url: endpoint(query) })
      expect(answer.status).toBe(400)
      return answer.body.error.message
    }
    expect(await refused(`projectId=${projectId}&chainId=eip155:5`)).toBe(
      'Smart accounts are not configured for eip155:5.',
    )
    expect(await refused(`projectId=${projectId}&chainId=eip155:1`)).toBe(
      'Chain eip155:1 is not supported.',
    )
    expect(await refused(`projectId=${projectId}&chainId=eip155:${chainId}&bundler=pimlico`)).toBe(
      'No bundler "pimlico" for eip155:31337; configured: "alto", "second".',
    )
    expect(await refused(`projectId=${projectId}&chainId=eip155:${chainId}&bundler=http://x`)).toBe(
      'bundler must be a bundler name like "pimlico" (a-z, 0-9, -).',
    )
    expect(await refused(`projectId=${projectId}`)).toBe('chainId is required.')
    expect(await refused(`projectId=${projectId}&chainId=solana:abc`)).toMatch(/^chainId must be/)
    expect(alto.requests).toEqual([])
  })

  test('a bundler that is down, slow, failing or garbled: a clear JSON-RPC error, sent once', async () => {
    const { app, logEntries } = testApp()
    const down = await post(app, call('eth_sendUserOperation', [userOperation, entryPoint]), {
      url: endpoint(`projectId=${projectId}&chainId=eip155:6`),
    })
    expect(down.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32603,
        message:
          'Internal error: the bundler "alto" for eip155:6 did not answer (the host did not answer).',
      },
    })

    alto.mode = 'hang'
    const started = Date.now()
    const slow = await post(app, call('eth_sendUserOperation', [userOperation, entryPoint]))
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(slow.body.error).toEqual({
      code: -32603,
      message: 'Internal error: the bundler "alto" for eip155:31337 did not answer within 500 ms.',
    })
    // Not retried: a user operation is never sent twice.
    expect(alto.requests.map((request) => request.method)).toEqual(['eth_sendUserOperation'])

    alto.mode = 'status-500'
    const failing = await post(app, call('eth_getUserOperationReceipt', [userOpHash]))
    expect(failing.body.error).toEqual({
      code: -32603,
      message: 'Failed to fetch user operation receipt - 500',
    })
    alto.mode = 'bad-json'
    const garbled = await post(app, call('eth_chainId'))
    expect(garbled.body.error.message).toBe(
      'Internal error: the bundler "alto" for eip155:31337 answered with something that is not JSON.',
    )
    // The log says what failed, never where.
    const warnings = logEntries.filter((entry) => entry.level === 'warn')
    expect(warnings.length).toBe(4)
    expect(JSON.stringify(warnings)).not.toContain('SERVICE-KEY')
  })

  test("the bundler's own errors pass through, its URL scrubbed", async () => {
    const { app } = testApp()
    // The fake lacks eth_getUserOperationByHash and quotes its URL in the error.
    const answer = await post(app, call('eth_getUserOperationByHash', [userOpHash]))
    expect(answer.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not supported at [node]' },
    })
  })

  test('the project, origin, body-size and rate-limit checks apply, with their HTTP status', async () => {
    const { app } = testApp()
    // From a default origin (localhost): the missing project is what is refused.
    const noProject = await post(app, call('eth_chainId'), {
      url: endpoint(`chainId=eip155:${chainId}`),
      headers: { origin: 'http://localhost:5173' },
    })
    expect(noProject).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } })
    const unknown = await post(app, call('eth_chainId'), {
      url: endpoint(`chainId=eip155:${chainId}&projectId=nope`),
      headers: { origin: 'http://localhost:5173' },
    })
    expect(unknown).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } })
    const evil = await post(app, call('eth_chainId'), { headers: { origin: 'https://evil.test' } })
    expect(evil).toMatchObject({
      status: 403,
      body: { error: { message: 'Unauthorized: origin not allowed' } },
    })
    const tooLarge = await post(
      app,
      JSON.stringify({ ...call('eth_chainId'), pad: 'x'.repeat(70 * 1024) }),
    )
    expect(tooLarge).toMatchObject({ status: 413 })
    expect(alto.requests).toEqual([])

    const counts = new Map<string, number>()
    const store: RateLimitStore = {
      async increment(increments) {
        return increments.map(({ key, windowStart, amount }) => {
          const total = (counts.get(`${key}@${windowStart}`) ?? 0) + amount
          counts.set(`${key}@${windowStart}`, total)
          return total
        })
      },
      async sweep() {
        return 0
      },
    }
    const limited = testApp({
      rateLimits: {
        counter: createRateLimitCounter({ store, now: () => 1_000_000 }),
        settings: {
          readsPerIp: 100,
          readsPerProject: 100,
          writesPerIp: 2,
          writesPerProject: 100,
          trustProxyHops: 0,
        },
      },
    }).app
    expect((await post(limited, call('eth_chainId'))).status).toBe(200)
    expect((await post(limited, call('eth_chainId'))).status).toBe(200)
    expect(await post(limited, call('eth_chainId'))).toMatchObject({
      status: 429,
      body: { error: { code: 'RATE_LIMITED' } },
    })
    expect(alto.requests.length).toBe(2)
  })
})
