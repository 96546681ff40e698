import { type AppDeps, createApp } from '../../app.ts'
import type { LatchDb } from '../../db/createDatabase.ts'
import { createMemoryCacheStore } from '../../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../../stores/createMemoryWalletRegistryStore.ts'
import type { TestChain } from './createTestChain.ts'
import { createTestLogger } from './createTestLogger.ts'

export const testProjectId = '0123456789abcdef0123456789abcdef'

/** The whole API over a test chain and database, called with `app.request()`. */
export function createIndexerTestApp({
  db,
  chain,
  ...deps
}: { db: LatchDb; chain: TestChain } & Partial<AppDeps>) {
  const { logger, entries } = createTestLogger()
  const app = createApp({
    networks: [chain.network],
    projects: createMemoryProjectStore([{ id: testProjectId, name: 'Test' }]),
    clients: chain.clients,
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger,
    db,
    nftFetch: { allowPrivateHosts: true },
    ...deps,
  })
  return { app, entries }
}
