import type { AddressInfo } from 'node:net'
import { createLatchConfig, getIdentity, getWallets, sdkVersion } from '@latch/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from './app.ts'
import { createChainClients } from './createChainClients.ts'
import { createHttpServer } from './createHttpServer.ts'
import { createDatabase } from './db/createDatabase.ts'
import type { Logger } from './logger.ts'
import { createDbSdkUsageStore } from './stores/createDbSdkUsageStore.ts'
import { createMemoryCacheStore } from './stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from './stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from './stores/createMemoryWalletRegistryStore.ts'
import { createSdkUsageCounter } from './stores/createSdkUsageCounter.ts'

const silent: Logger = { info() {}, warn() {}, error() {} }
const projectId = 'sdk-usage-project'

let database: Awaited<ReturnType<typeof createDatabase>>
let server: ReturnType<typeof createHttpServer>
let url: string
let counter: ReturnType<typeof createSdkUsageCounter>
beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://', migrate: true })
  counter = createSdkUsageCounter({
    store: createDbSdkUsageStore({ db: database.db }),
    flushIntervalMs: 60_000,
  })
  const app = createApp({
    networks: [],
    projects: createMemoryProjectStore([{ id: projectId, name: 'SDK usage' }]),
    clients: createChainClients([]),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: silent,
    sdkUsage: counter,
  })
  server = createHttpServer(app.fetch, {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    maxConnections: 100,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => {
    server?.close(() => resolve())
    server?.closeAllConnections()
  })
  await counter?.stop()
  await database?.close()
})

test("the real server records @latch/core's SDK type and version per project and day", async () => {
  const config = createLatchConfig({
    networks: [
      {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        name: 'Devnet',
        rpcUrl: 'http://127.0.0.1:1',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    apiUrl: url,
    projectId,
    connectors: [],
  })
  // A registry call (headers and the sdkType/sdkVersion query) and an API call (headers).
  await getWallets(config)
  await getIdentity(config, { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }).catch(
    () => undefined,
  )
  await counter.flush()
  const rows = await createDbSdkUsageStore({ db: database.db }).list({ projectId })
  expect(rows).toEqual([
    {
      projectId,
      day: new Date().toISOString().slice(0, 10),
      sdkType: 'latch',
      sdkVersion,
      count: expect.any(Number),
    },
  ])
  // Both calls were served: two requests counted, in one write.
  expect(rows[0]?.count).toBe(2)
})
