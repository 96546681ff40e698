import { balanceResponseSchema } from '@latch/api-contract'
import { type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../../app.ts'
import { parseEnv } from '../../env.ts'
import { createTestLogger } from '../../indexer/testing/createTestLogger.ts'
import { type ApiConfig, loadConfig } from '../../loadConfig.ts'
import { createMemoryCacheStore } from '../../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../../stores/createMemoryWalletRegistryStore.ts'
import { createGuardedFetch } from '../fetch/createGuardedFetch.ts'

// The real devnet (`npm start`'s), read through its manifest as the API reads it: the local
// Solana and Bitcoin chains' funded test keys have their balances through the API's routes.
let devnet: StartTestDevnetReturnType
let config: ApiConfig
let app: ReturnType<typeof createApp>
beforeAll(async () => {
  devnet = await startTestDevnet()
  config = await loadConfig(parseEnv({ LATCH_STATE_DIR: devnet.stateDir }, {}))
  app = createApp({
    networks: [],
    namespaces: {
      networks: config.namespaceNetworks,
      fetch: createGuardedFetch({ allowPrivateHosts: true }),
    },
    projects: createMemoryProjectStore([
      { id: 'devnet', name: 'Devnet', allowedOrigins: ['http://localhost:*'] },
    ]),
    clients: new Map(),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
  })
}, 240_000)
afterAll(async () => {
  await devnet?.stop()
})

const get = (path: string) =>
  app.request(`${path}&projectId=devnet`, { headers: { Origin: 'http://localhost:4170' } })

test('the devnet Bitcoin test key has its 10 BTC (payment) and 1 BTC (ordinals)', async () => {
  const bitcoin = devnet.manifest.bitcoin
  expect(bitcoin, 'the devnet runs a Bitcoin chain').toBeDefined()
  if (!bitcoin) return
  expect(config.namespaceNetworks.bitcoin.map((network) => network.caipNetworkId)).toEqual([
    bitcoin.caipNetworkId,
  ])
  const [account] = bitcoin.accounts
  const amounts = []
  for (const address of [account?.paymentAddress, account?.ordinalsAddress]) {
    const response = await get(`/v1/account/${address}/balance?chainId=${bitcoin.caipNetworkId}`)
    expect(response.status).toBe(200)
    const { balances } = balanceResponseSchema.parse(await response.json())
    amounts.push(balances.map((balance) => `${balance.quantity.numeric} ${balance.symbol}`))
  }
  expect(amounts).toEqual([['10 BTC'], ['1 BTC']])
})

test('the devnet Solana test key has SOL and Latch USD', async () => {
  const solana = devnet.manifest.solana
  expect(solana, 'the devnet runs a Solana chain').toBeDefined()
  if (!solana) return
  const [account] = solana.accounts
  const response = await get(
    `/v1/account/${account?.address}/balance?chainId=${solana.caipNetworkId}`,
  )
  expect(response.status).toBe(200)
  const { balances } = balanceResponseSchema.parse(await response.json())
  expect(balances[0]).toMatchObject({ symbol: 'SOL', chainId: solana.caipNetworkId })
  expect(Number(balances[0]?.quantity.numeric)).toBeGreaterThan(0)
  const lusd = solana.tokens[0]
  expect(balances.find((balance) => balance.symbol === lusd?.symbol)?.address).toBe(
    `${solana.caipNetworkId}:${lusd?.mint}`,
  )
})
