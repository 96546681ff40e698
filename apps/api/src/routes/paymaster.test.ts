import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { type ApiNetwork, networkFromInput } from '../network.ts'
import {
  type FakeUserOperationService,
  startFakeUserOperationService,
} from '../services/accountAbstraction/testing/startFakeUserOperationService.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const projectId = 'paymaster-test-project'
const page = 'https://app.test'
const chainId = 31337
const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const paymaster = '0x3333333333333333333333333333333333333333'
/** A partial user operation, as a wallet asks for stub data before estimating gas. */
const userOperation = {
  sender: '0x1111111111111111111111111111111111111111',
  nonce: '0x0',
  callData: '0xb61d27f6',
  maxFeePerGas: '0x1',
  maxPriorityFeePerGas: '0x1',
}

let service: FakeUserOperationService

beforeAll(async () => {
  service = await startFakeUserOperationService({
    pm_getPaymasterStubData: () => ({
      paymaster,
      paymasterData: '0x00',
      paymasterVerificationGasLimit: '0x10000',
      paymasterPostOpGasLimit: '0x0',
      isFinal: false,
    }),
    pm_getPaymasterData: () => ({ paymaster, paymasterData: '0x1234' }),
  })
})
afterAll(async () => {
  await service?.stop()
})

function testApp() {
  const base = networkFromInput({
    id: chainId,
    name: 'Anvil',
    rpcUrl: 'http://127.0.0.1:9/',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  })
  const accountAbstraction = {
    entryPoint,
    simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
    bundlers: [{ name: 'alto', url: 'http://127.0.0.1:9/' }],
  } as const
  const networks: ApiNetwork[] = [
    { ...base, accountAbstraction: { ...accountAbstraction, paymasterUrl: service.url } },
    // Smart accounts without sponsorship.
    { ...base, id: 7, accountAbstraction },
  ]
  return createApp({
    networks,
    projects: createMemoryProjectStore([
      { id: projectId, name: 'Paymaster test', allowedOrigins: [page] },
    ]),
    clients: new Map(),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
    publicUrl: 'https://api.test',
    accountAbstraction: { fetch: createGuardedFetch({ allowPrivateHosts: true }) },
  })
}

async function post(
  body: unknown,
  { query = `chainId=eip155:${chainId}&projectId=${projectId}`, origin = page } = {},
) {
  const response = await testApp().request(`https://api.test/v1/paymaster?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  expect(text).not.toContain('SERVICE-KEY')
  return { status: response.status, body: JSON.parse(text) }
}

const call = (method: string, params: unknown[]) => ({ jsonrpc: '2.0', id: 4, method, params })

test('ERC-7677 stub and final data come from the chain paymaster service', async () => {
  const stub = await post(
    call('pm_getPaymasterStubData', [userOperation, entryPoint, '0x7a69', null]),
  )
  expect(stub).toMatchObject({
    status: 200,
    body: { jsonrpc: '2.0', id: 4, result: { paymaster, isFinal: false } },
  })
  const data = await post(call('pm_getPaymasterData', [userOperation, entryPoint, '0x7a69']))
  expect(data.body.result).toEqual({ paymaster, paymasterData: '0x1234' })
  expect(service.requests.map((request) => request.method)).toEqual([
    'pm_getPaymasterStubData',
    'pm_getPaymasterData',
  ])
})

test('other methods, another chain in the params, a chain without a paymaster: refused', async () => {
  service.requests.length = 0
  const bundlerMethod = await post(call('eth_sendUserOperation', [userOperation, entryPoint]))
  expect(bundlerMethod.body.error.code).toBe(-32601)
  const otherChain = await post(call('pm_getPaymasterData', [userOperation, entryPoint, '0x1', {}]))
  expect(otherChain.body.error).toEqual({
    code: -32602,
    message:
      'Invalid params for pm_getPaymasterData: params[2] is chain 1, but this endpoint serves eip155:31337.',
  })
  const unsponsored = await post(call('pm_getPaymasterData', [userOperation, entryPoint, '0x7']), {
    query: `chainId=7&projectId=${projectId}`,
  })
  expect(unsponsored).toEqual({
    status: 400,
    body: {
      error: { code: 'BAD_REQUEST', message: 'Gas sponsorship is not configured for eip155:7.' },
    },
  })
  const evil = await post(call('pm_getPaymasterData', [userOperation, entryPoint, '0x7a69']), {
    origin: 'https://evil.test',
  })
  expect(evil.status).toBe(403)
  expect(service.requests).toEqual([])
})

test('a failing paymaster service: the spec message for a non-OK status', async () => {
  service.mode = 'status-500'
  try {
    const answer = await post(call('pm_getPaymasterData', [userOperation, entryPoint, '0x7a69']))
    expect(answer.body.error).toEqual({
      code: -32603,
      message: 'Failed to fetch user operation receipt - 500',
    })
  } finally {
    service.mode = 'ok'
  }
})
