import { createApp } from '../app.ts'
import { createDatabase } from '../db/createDatabase.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import type { BitcoinApiNetwork } from '../services/bitcoin/bitcoinNetwork.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import type { SolanaApiNetwork } from '../services/solana/solanaNetwork.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

/** The page a Solana or Bitcoin sign-in test signs in from (its `Origin`). */
export const testSiwxOrigin = 'https://siwx.app.test'
export const testSiwxProjectId = 'siwx-test-project'
export const testSiwxApiUrl = 'http://api.test'

/**
 * The real API (its sign-in routes among all others, an in-memory PGlite database) answered
 * in-process, serving one Solana network and one Bitcoin network (CAIP-2 ids as given; their
 * nodes are never called by sign-in). `fetchFn` sends what a page fetches to `app.request`
 * with the page's `Origin`, as a browser would. For tests of Solana and Bitcoin sign-in.
 */
export async function createTestSiwxApi(parameters: {
  solana: { caipNetworkId: `solana:${string}` }
  bitcoin: { caipNetworkId: `bip122:${string}`; network: BitcoinApiNetwork['network'] }
}) {
  const database = await createDatabase({ dataDir: 'memory://', migrate: true })
  const solana: SolanaApiNetwork = {
    namespace: 'solana',
    id: parameters.solana.caipNetworkId.slice('solana:'.length),
    caipNetworkId: parameters.solana.caipNetworkId,
    name: 'Test Solana',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    nativePriceUsd: 0,
    testnet: true,
    tokens: [],
  }
  const bitcoin: BitcoinApiNetwork = {
    namespace: 'bip122',
    id: parameters.bitcoin.caipNetworkId.slice('bip122:'.length),
    caipNetworkId: parameters.bitcoin.caipNetworkId,
    name: `Test Bitcoin ${parameters.bitcoin.network}`,
    network: parameters.bitcoin.network,
    esploraUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    nativePriceUsd: 0,
    testnet: true,
  }
  const app = createApp({
    networks: [],
    namespaces: {
      networks: { solana: [solana], bitcoin: [bitcoin] },
      fetch: createGuardedFetch({ allowPrivateHosts: true }),
    },
    projects: createMemoryProjectStore([
      { id: testSiwxProjectId, name: 'SIWX', allowedOrigins: [testSiwxOrigin] },
    ]),
    clients: new Map(),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
    db: database.db,
  })
  const fetchFn = async (
    url: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => {
    const headers = new Headers(init?.headers)
    headers.set('origin', testSiwxOrigin)
    return app.request(url, { ...init, headers })
  }
  return { app, fetchFn, stop: () => database.close() }
}
