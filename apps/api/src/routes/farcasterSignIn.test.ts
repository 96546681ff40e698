import { createHash } from 'node:crypto'
import type { DevnetManifest } from '@latch/api-contract'
import {
  anvilAccounts,
  type StartTestFarcasterReturnType,
  signInWithFarcaster,
  startTestFarcaster,
} from '@latch/test'
import type { Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { networkFromInput } from '../network.ts'
import { createFarcasterIdRegistry } from '../services/farcasterSignIn/createFarcasterIdRegistry.ts'
import { createFarcasterRelayClient } from '../services/farcasterSignIn/createFarcasterRelayClient.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const authOrigin = 'http://127.0.0.1:4277'
const projectId = 'farcaster-route-project'
const deviceId = 'c'.repeat(32)
const flowSecret = 'F'.repeat(43)
const flowSecretHash = createHash('sha256').update(flowSecret).digest('hex')

let started: StartTestFarcasterReturnType
let database: Database
let manifest: DevnetManifest

beforeAll(async () => {
  started = await startTestFarcaster()
  manifest = { farcaster: started.farcaster } as DevnetManifest
  database = await createDatabase({ dataDir: 'memory://', migrate: true })
}, 60_000)
afterAll(async () => {
  await started?.stop()
  await database?.close()
})

function build({ relayUrl = started.farcaster.relayUrl } = {}) {
  const network = networkFromInput({
    id: started.anvil.chainId,
    name: 'Farcaster test chain',
    rpcUrl: started.anvil.rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  })
  return createApp({
    networks: [network],
    projects: createMemoryProjectStore([
      { id: projectId, name: 'Farcaster', allowedOrigins: ['https://dapp.example'] },
    ]),
    clients: createChainClients([network], { timeout: 2_000, retryCount: 0 }),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
    db: database.db,
    publicUrl: 'http://api.test',
    embeddedWallet: {
      authUrl: authOrigin,
      mailer: { send: async () => {} },
      authShareKey: new Uint8Array(32).fill(3),
      farcaster: {
        relay: createFarcasterRelayClient({
          relayUrl,
          fetch: createGuardedFetch({ allowPrivateHosts: true }),
          timeoutMs: 2_000,
        }),
        registry: createFarcasterIdRegistry({
          rpcUrl: started.anvil.rpcUrl,
          chainId: started.anvil.chainId,
          address: started.farcaster.idRegistry as Address,
        }),
      },
    },
  })
}

type App = ReturnType<typeof build>
const post = (app: App, path: string, body: unknown, origin = authOrigin) =>
  app.request(`/auth/v1/farcaster${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  })
const start = (app: App) => post(app, '/start', { projectId, deviceId, flowSecretHash })
const verify = (app: App, channelId: string, secret = flowSecret) =>
  post(app, '/verify', { projectId, deviceId, channelId, flowSecret: secret })
const errorOf = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as { error: { code: string; message: string } }).error,
})

describe('POST /auth/v1/farcaster/start and /verify', () => {
  it('signs in with the test Farcaster client and opens a session', async () => {
    const app = build()
    const started_ = await start(app)
    expect(started_.status).toBe(200)
    expect(started_.headers.get('cache-control')).toBe('no-store')
    const { url, channelId } = (await started_.json()) as { url: string; channelId: string }
    expect(await (await verify(app, channelId)).json()).toEqual({ status: 'pending' })

    await signInWithFarcaster({ url, manifest, fid: 2 })
    const completed = await verify(app, channelId)
    expect(completed.status).toBe(200)
    const body = (await completed.json()) as { status: string; token: string }
    expect(body.status).toBe('completed')

    const user = await app.request('/auth/v1/user', {
      headers: { origin: authOrigin, authorization: `Bearer ${body.token}` },
    })
    expect(await user.json()).toMatchObject({
      email: null,
      username: 'bob',
      signInMethod: 'farcaster',
    })

    expect(await errorOf(await verify(app, channelId))).toMatchInlineSnapshot(`
      {
        "code": "SOCIAL_EXPIRED",
        "message": "This sign-in has expired or was already used: start again.",
        "status": 400,
      }
    `)
  })

  it('refuses a foreign secret, a forged signature, a bad body and another origin', async () => {
    const app = build()
    const { url, channelId } = (await (await start(app)).json()) as {
      url: string
      channelId: string
    }
    expect((await errorOf(await verify(app, channelId, 'G'.repeat(43)))).code).toBe(
      'SOCIAL_STATE_MISMATCH',
    )

    // The message claims carol's custody address; another key signs it.
    const link = new URL(url)
    const carol = started.farcaster.accounts[2] as { custody: string }
    const message = createSiweMessage({
      domain: link.searchParams.get('domain') as string,
      address: carol.custody as Address,
      statement: 'Farcaster Auth',
      uri: link.searchParams.get('siweUri') as string,
      version: '1',
      chainId: 10,
      nonce: link.searchParams.get('nonce') as string,
      resources: ['farcaster://fid/3'],
    })
    const forger = privateKeyToAccount((anvilAccounts[1] as (typeof anvilAccounts)[0]).privateKey)
    await fetch(`${started.farcaster.relayUrl}/v1/channel/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${link.searchParams.get('channelToken')}`,
        'x-farcaster-auth-relay-key': started.farcaster.relayKey,
      },
      body: JSON.stringify({
        message,
        signature: await forger.signMessage({ message }),
        fid: 3,
        username: 'carol',
        displayName: '',
        bio: '',
        pfpUrl: '',
      }),
    })
    expect(await errorOf(await verify(app, channelId))).toMatchInlineSnapshot(`
      {
        "code": "FARCASTER_INVALID",
        "message": "The Farcaster sign-in could not be verified: start again.",
        "status": 400,
      }
    `)

    expect((await post(app, '/start', { projectId, deviceId })).status).toBe(400)
    expect(
      (
        await errorOf(
          await post(
            app,
            '/start',
            { projectId, deviceId, flowSecretHash },
            'https://evil.example',
          ),
        )
      ).status,
    ).toBe(403)
  })

  it('answers 502 PROVIDER_UNAVAILABLE when the relay is down', async () => {
    const app = build({ relayUrl: 'http://127.0.0.1:9' })
    expect(await errorOf(await start(app))).toMatchInlineSnapshot(`
      {
        "code": "PROVIDER_UNAVAILABLE",
        "message": "Farcaster did not answer as expected: try again in a moment.",
        "status": 502,
      }
    `)
  })
})
