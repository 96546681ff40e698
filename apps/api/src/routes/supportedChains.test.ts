import { type DevnetChain, supportedChainsResponseSchema } from '@latch/api-contract'
import { devnetManifestFixture, type StartTestAnvilReturnType, startTestAnvil } from '@latch/test'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { type ApiNetwork, networkFromDevnetChain, networkFromInput } from '../network.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const secret = 'PROVIDER-KEY-77aa01'

let anvil: StartTestAnvilReturnType
let networks: ApiNetwork[]

beforeAll(async () => {
  anvil = await startTestAnvil()
  networks = [
    networkFromInput({
      id: anvil.chainId,
      name: 'Anvil',
      rpcUrl: anvil.rpcUrl,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }),
    networkFromInput({
      id: 10,
      name: 'OP Mainnet',
      rpcUrl: `https://opt.example/v2/${secret}`,
      publicRpcUrl: 'https://mainnet.optimism.io',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }),
  ]
})
afterAll(async () => {
  await anvil?.stop()
})

function testApp(publicUrl: string) {
  return createApp({
    networks,
    projects: createMemoryProjectStore([
      { id: 'project-a', name: 'A' },
      { id: 'project-b', name: 'B' },
    ]),
    clients: createChainClients(networks, { timeout: 2_000, retryCount: 0 }),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
    publicUrl,
  })
}

test("each chain's RPC is the API's endpoint for the calling project, never a node URL", async () => {
  const app = testApp('https://api.example.com/')
  const rpcUrlsOf = async (projectId: string) => {
    const response = await app.request(`/v1/supported-chains?projectId=${projectId}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain(secret)
    expect(text).not.toContain(anvil.rpcUrl)
    expect(text).not.toContain('mainnet.optimism.io')
    return supportedChainsResponseSchema
      .parse(JSON.parse(text))
      .networks.map((network) => network.rpcUrls.default.http)
  }
  expect(await rpcUrlsOf('project-a')).toEqual([
    [`https://api.example.com/v1/?chainId=eip155:${anvil.chainId}&projectId=project-a`],
    ['https://api.example.com/v1/?chainId=eip155:10&projectId=project-a'],
  ])
  expect((await rpcUrlsOf('project-b'))[1]).toEqual([
    'https://api.example.com/v1/?chainId=eip155:10&projectId=project-b',
  ])
})

test('the advertised URL answers JSON-RPC for its chain', async () => {
  const app = testApp('http://api.test')
  const response = await app.request('/v1/supported-chains?projectId=project-a')
  const { networks: listed } = supportedChainsResponseSchema.parse(await response.json())
  const url = listed[0]?.rpcUrls.default.http[0] as string
  const client = createPublicClient({
    transport: http(url, {
      retryCount: 0,
      fetchFn: async (input, init) => app.request(String(input), init),
    }),
  })
  expect(await client.getChainId()).toBe(anvil.chainId)
  expect(await client.getBlockNumber()).toBe(BigInt((await anvil.rpc('eth_blockNumber')) as string))
})

test('a network with accountAbstraction lists smartAccounts, its bundler and paymaster URLs never', async () => {
  const [anvilNetwork] = networks as [ApiNetwork]
  const app = createApp({
    networks: [
      {
        ...anvilNetwork,
        accountAbstraction: {
          entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
          simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
          bundlers: [{ name: 'alto', url: `https://bundler.example/${secret}` }],
          paymasterUrl: `https://paymaster.example/${secret}`,
        },
      },
      { ...anvilNetwork, id: 5 },
    ],
    projects: createMemoryProjectStore([{ id: 'project-a', name: 'A' }]),
    clients: new Map(),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
    publicUrl: 'https://api.example.com',
  })
  const response = await app.request('/v1/supported-chains?projectId=project-a')
  const text = await response.text()
  expect(text).not.toContain(secret)
  const listed = supportedChainsResponseSchema.parse(JSON.parse(text)).networks
  expect(listed.map((network) => network.smartAccounts)).toEqual([
    {
      entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
      paymaster: true,
    },
    undefined,
  ])
})

test("the devnet's chain maps its alto and paymaster service to the network's accountAbstraction", () => {
  const [chain] = devnetManifestFixture('http://127.0.0.1:4174').chains as [DevnetChain]
  const accountAbstraction = {
    entryPoint: '0x0000000071727de22e5e9d8baf0edac6f37da032',
    simpleAccountFactory: '0x91e60e0613810449d098b0b5ec8b51a0fe8c8985',
    paymaster: `0x${'4'.repeat(40)}`,
    simple7702Account: `0x${'5'.repeat(40)}`,
    bundlerUrl: 'http://127.0.0.1:4181/',
    paymasterUrl: 'http://127.0.0.1:4173/paymaster/31337',
  }
  expect(networkFromDevnetChain({ ...chain, accountAbstraction }).accountAbstraction).toEqual({
    entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
    simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
    bundlers: [{ name: 'alto', url: 'http://127.0.0.1:4181/' }],
    paymasterUrl: 'http://127.0.0.1:4173/paymaster/31337',
  })
  expect(networkFromDevnetChain(chain).accountAbstraction).toBeUndefined()
})
