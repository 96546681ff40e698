import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { createDatabase } from '../db/createDatabase.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { networkFromInput } from '../network.ts'
import type { Mail } from '../services/embeddedWallet/mailer.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

export const testAuthOrigin = 'http://127.0.0.1:4277'
export const testPageOrigin = 'https://shop.test'
export const testProjectId = 'frame-test-project'
export const testApiUrl = 'http://api.test'

/**
 * The real API (its /auth/v1 routes, JSON-RPC and project routes, an in-memory PGlite
 * database) answered in-process: `fetchFn` sends what the frame fetches to `app.request` with
 * the auth site's Origin, as a browser would. Mails are kept so a test reads its code.
 */
export async function createTestAuthApi({
  rpcUrl,
  accountAbstraction,
}: {
  rpcUrl: string
  /** ERC-4337 on the test network: its bundler and paymaster service (on 127.0.0.1). */
  accountAbstraction?:
    | { entryPoint: string; simpleAccountFactory: string; bundlerUrl: string; paymasterUrl: string }
    | undefined
}) {
  const database = await createDatabase({ dataDir: 'memory://', migrate: true })
  const sent: Mail[] = []
  const network = networkFromInput({
    id: 31337,
    name: 'Latch Devnet',
    rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    ...(accountAbstraction && {
      accountAbstraction: {
        entryPoint: accountAbstraction.entryPoint,
        simpleAccountFactory: accountAbstraction.simpleAccountFactory,
        bundlers: [{ name: 'alto', url: accountAbstraction.bundlerUrl }],
        paymasterUrl: accountAbstraction.paymasterUrl,
      },
    }),
  })
  let time = Date.now()
  const app = createApp({
    networks: [network],
    projects: createMemoryProjectStore([
      { id: testProjectId, name: 'Shop', allowedOrigins: [testPageOrigin] },
    ]),
    clients: createChainClients([network], { timeout: 5_000, retryCount: 0 }),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
    db: database.db,
    publicUrl: testApiUrl,
    // The test bundler and paymaster listen on 127.0.0.1, as the devnet's do.
    accountAbstraction: { fetch: createGuardedFetch({ allowPrivateHosts: true }) },
    embeddedWallet: {
      authUrl: testAuthOrigin,
      mailer: {
        async send(mail) {
          sent.push(mail)
        },
      },
      authShareKey: new Uint8Array(32).fill(9),
      now: () => new Date(time),
    },
  })

  const fetchFn: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('origin', testAuthOrigin)
    const url = input instanceof Request ? input.url : String(input)
    return app.request(url, { ...init, headers })
  }

  const lastMail = (to: string) => {
    const mail = sent.findLast((item) => item.to === to)
    if (!mail) throw new Error(`No mail to ${to}.`)
    return mail
  }

  return {
    app,
    fetchFn,
    sent,
    /** Moves the API's clock (cooldowns, expiry). */
    advance(ms: number) {
      time += ms
    },
    /** The 6-digit code of the last mail to `to`. */
    codeFor(to: string): string {
      const code = /\b(\d{6})\b/.exec(lastMail(to).subject)?.[1]
      if (!code) throw new Error(`No code in the last mail to ${to}.`)
      return code
    },
    /** Follows the device-approval link of the last mail to `to`. */
    async approveDevice(to: string) {
      const link = /(http\S+\/auth\/v1\/device\/approve\?token=[\w-]+)/.exec(lastMail(to).text)?.[1]
      if (!link) throw new Error(`No device link in the last mail to ${to}.`)
      const response = await app.request(link)
      if (!response.ok) throw new Error(`Approving failed: ${response.status}.`)
    },
    stop: () => database.close(),
  }
}
