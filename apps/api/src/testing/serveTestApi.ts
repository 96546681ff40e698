import type { AddressInfo } from 'node:net'
import { findFreePort } from '@latch/test'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { createHttpServer, type HttpServerLimits } from '../createHttpServer.ts'
import { createDatabase } from '../db/createDatabase.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { networkFromInput } from '../network.ts'
import type { Mail } from '../services/embeddedWallet/mailer.ts'
import { createDbCacheStore } from '../stores/createDbCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

export type ServeTestApiParameters = {
  /** Overrides of the HTTP server's limits (short timeouts for timeout tests). */
  limits?: Partial<HttpServerLimits> | undefined
  publicUrl?: string | undefined
}

/** The project the test API knows, allowed from `https://app.test` and `*.app.test`. */
export const testApiProjectId = 'edge-test-project'
/** The embedded wallet's site of the test API: the only origin `/auth/v1` answers. */
export const testAuthOrigin = 'https://auth.app.test'
/** The key in the test network's (dead) RPC URL: no log line may ever show it. */
export const testRpcKey = 'SECRET-RPC-KEY-8d1f0c'

/**
 * Serves the real API (every route, an in-memory PGlite database) over `createHttpServer` on
 * a free port, with one network whose RPC (a URL holding `testRpcKey`) refuses connections,
 * so anything reaching the chain fails fast and cleanly. For tests.
 */
export async function serveTestApi({ limits, publicUrl }: ServeTestApiParameters = {}) {
  // The embedded wallet's mails are kept here (the last 100), not sent.
  const mails: Mail[] = []
  const database = await createDatabase({ dataDir: 'memory://', migrate: true })
  const deadPort = await findFreePort()
  const network = networkFromInput({
    id: 31337,
    name: 'Dead RPC',
    rpcUrl: `http://127.0.0.1:${deadPort}/v3/${testRpcKey}`,
    publicRpcUrl: 'http://127.0.0.1:1/public',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: [
      {
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        name: 'Test',
        symbol: 'TST',
        decimals: 18,
      },
    ],
  })
  const { logger, entries } = createTestLogger()
  const app = createApp({
    networks: [network],
    projects: createMemoryProjectStore([
      {
        id: testApiProjectId,
        name: 'Edge test',
        allowedOrigins: ['https://app.test', 'https://*.app.test'],
      },
    ]),
    clients: createChainClients([network], { timeout: 2_000, retryCount: 0 }),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createDbCacheStore({ db: database.db }),
    logger,
    db: database.db,
    publicUrl,
    embeddedWallet: {
      authUrl: testAuthOrigin,
      mailer: {
        async send(mail) {
          mails.push(mail)
          if (mails.length > 100) mails.shift()
        },
      },
      authShareKey: new Uint8Array(32).fill(3),
    },
  })
  const server = createHttpServer(app.fetch, {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    maxConnections: 1_000,
    ...limits,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    logEntries: entries,
    mails,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await database.close()
    },
  }
}
