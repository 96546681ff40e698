import { createServer } from 'node:net'
import type { DevnetManifest } from '@latch/api-contract'
import {
  anvilAccounts,
  type StartTestFarcasterReturnType,
  signInWithFarcaster,
  startTestFarcaster,
} from '@latch/test'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import type { BaseError } from '../../errors/base.ts'
import type { RateLimitCounter } from '../../stores/createRateLimitCounter.ts'
import { createDbEmbeddedWalletStore } from '../../stores/embeddedWallet/createDbEmbeddedWalletStore.ts'
import { createAuthShareCipher } from '../embeddedWallet/createAuthShareCipher.ts'
import { defaultEmbeddedWalletLimits } from '../embeddedWallet/embeddedWalletDeps.ts'
import { createGuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createFarcasterIdRegistry } from './createFarcasterIdRegistry.ts'
import { createFarcasterRelayClient } from './createFarcasterRelayClient.ts'
import { defaultFarcasterSignInLimits, type FarcasterSignInDeps } from './farcasterSignInDeps.ts'
import { startFarcasterSignIn } from './startFarcasterSignIn.ts'
import { verifyFarcasterSignIn } from './verifyFarcasterSignIn.ts'

const authUrl = 'http://127.0.0.1:4277'
const projectId = 'farcaster-project'
const deviceId = 'f'.repeat(32)
/** A flow secret (43 base64url characters) and its SHA-256, as the frame makes them. */
const flowSecret = 'S'.repeat(43)
const flowSecretHash = 'b0679324228c35931acdfa8a487f94873c05094138a477994a5bdba6d6c24a56'

let started: StartTestFarcasterReturnType
let database: Database
let manifest: DevnetManifest
let offsetMs = 0
let deadPort: number

beforeAll(async () => {
  started = await startTestFarcaster()
  manifest = { farcaster: started.farcaster } as DevnetManifest
  database = await createDatabase({ dataDir: 'memory://', migrate: true })
  deadPort = await findClosedPort()
}, 60_000)
afterAll(async () => {
  await started?.stop()
  await database?.close()
})

function makeDeps(overrides: Partial<FarcasterSignInDeps> = {}): FarcasterSignInDeps {
  return {
    store: createDbEmbeddedWalletStore({ db: database.db }),
    cipher: createAuthShareCipher(new Uint8Array(32).fill(9)),
    limits: defaultEmbeddedWalletLimits,
    limitIps: false,
    now: () => new Date(Date.now() + offsetMs),
    relay: createFarcasterRelayClient({
      relayUrl: started.farcaster.relayUrl,
      fetch: createGuardedFetch({ allowPrivateHosts: true }),
    }),
    registry: createFarcasterIdRegistry({
      rpcUrl: started.anvil.rpcUrl,
      chainId: started.anvil.chainId,
      address: started.farcaster.idRegistry as Address,
    }),
    authUrl,
    farcasterLimits: defaultFarcasterSignInLimits,
    ...overrides,
  }
}

const start = (deps: FarcasterSignInDeps, device = deviceId) =>
  startFarcasterSignIn(deps, {
    body: { projectId, deviceId: device, flowSecretHash },
    projectId,
    ip: '127.0.0.1',
  })
const verify = (
  deps: FarcasterSignInDeps,
  channelId: string,
  overrides: { deviceId?: string; flowSecret?: string; projectId?: string } = {},
) =>
  verifyFarcasterSignIn(deps, {
    body: {
      projectId,
      deviceId: overrides.deviceId ?? deviceId,
      channelId,
      flowSecret: overrides.flowSecret ?? flowSecret,
    },
    projectId: overrides.projectId ?? projectId,
    ip: '127.0.0.1',
  })
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: BaseError) => error.code,
  )

/** Hands the relay a message as a (possibly dishonest) Farcaster client would. */
async function authenticate(
  url: string,
  {
    fid,
    signer,
    address,
    domain,
    uri,
    nonce,
  }: {
    fid: number
    signer: Hex
    address?: Address
    domain?: string
    uri?: string
    nonce?: string
  },
) {
  const link = new URL(url)
  const account = privateKeyToAccount(signer)
  const message = createSiweMessage({
    domain: domain ?? (link.searchParams.get('domain') as string),
    address: address ?? account.address,
    statement: 'Farcaster Auth',
    uri: uri ?? (link.searchParams.get('siweUri') as string),
    version: '1',
    chainId: 10,
    nonce: nonce ?? (link.searchParams.get('nonce') as string),
    issuedAt: new Date(),
    resources: [`farcaster://fid/${fid}`],
  })
  const response = await fetch(`${started.farcaster.relayUrl}/v1/channel/authenticate`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${link.searchParams.get('channelToken')}`,
      'x-farcaster-auth-relay-key': started.farcaster.relayKey,
    },
    body: JSON.stringify({
      message,
      signature: await account.signMessage({ message }),
      fid,
      username: 'someone',
      displayName: '',
      bio: '',
      pfpUrl: '',
    }),
  })
  expect(response.status).toBe(201)
}

const key = (index: number) => (anvilAccounts[index] as (typeof anvilAccounts)[0]).privateKey
const alice = () => started.farcaster.accounts[0] as { privateKey: string; custody: string }

describe('Sign In With Farcaster through the relay and the IdRegistry', () => {
  it('signs in once the test client signed with the custody key', async () => {
    const deps = makeDeps()
    const { url, channelId, expiresAt } = await start(deps)
    expect(new URL(url).origin).toBe(started.farcaster.relayUrl)
    expect(new URL(url).searchParams.get('domain')).toBe('127.0.0.1:4277')
    expect(new URL(url).searchParams.get('siweUri')).toBe(authUrl)
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60 * 1000)
    expect(await verify(deps, channelId)).toEqual({ status: 'pending' })

    await signInWithFarcaster({ url, manifest, fid: 1 })
    const completed = await verify(deps, channelId)
    expect(completed).toMatchObject({
      status: 'completed',
      user: { email: null, username: 'alice', signInMethod: 'farcaster', address: null },
    })
    if (completed.status !== 'completed') throw new Error('not completed')
    expect(completed.token).toMatch(/^[\w-]{43}$/)
    // Single use.
    expect(await codeOf(verify(deps, channelId))).toBe('SOCIAL_EXPIRED')

    // The FID is the account: signing in again finds the same user.
    const again = await start(deps)
    await signInWithFarcaster({ url: again.url, manifest, fid: 1 })
    const second = await verify(deps, again.channelId)
    expect(second.status === 'completed' && second.user.id).toBe(completed.user.id)
    // Another FID is another user.
    const bob = await start(deps)
    await signInWithFarcaster({ url: bob.url, manifest, fid: 2 })
    const third = await verify(deps, bob.channelId)
    expect(third.status === 'completed' && third.user.id).not.toBe(completed.user.id)
    expect(third.status === 'completed' && third.user.username).toBe('bob')
  })

  it('refuses a signature by another key than the custody address (FARCASTER_INVALID), once', async () => {
    const deps = makeDeps()
    // bob's key signs a message that claims alice's custody address and FID.
    const forged = await start(deps)
    await authenticate(forged.url, {
      fid: 1,
      signer: key(6),
      address: alice().custody as Address,
    })
    expect(await codeOf(verify(deps, forged.channelId))).toBe('FARCASTER_INVALID')
    // The flow is spent: polling again does not retry.
    expect(await codeOf(verify(deps, forged.channelId))).toBe('SOCIAL_EXPIRED')

    // An honest signature by a key that is not the FID's custody (anvil 1 for FID 1).
    const stranger = await start(deps)
    await authenticate(stranger.url, { fid: 1, signer: key(1) })
    expect(await codeOf(verify(deps, stranger.channelId))).toBe('FARCASTER_INVALID')

    // An FID that is not registered.
    const unknown = await start(deps)
    await authenticate(unknown.url, { fid: 99, signer: key(1) })
    expect(await codeOf(verify(deps, unknown.channelId))).toBe('FARCASTER_INVALID')
  })

  it.each([
    ['another nonce', { nonce: 'a0a0a0a0a0a0a0a0a0a0' }],
    ['another domain', { domain: 'evil.example' }],
    ['another URI', { uri: 'https://evil.example' }],
  ])('refuses a message with %s (FARCASTER_INVALID)', async (_, change) => {
    const deps = makeDeps()
    const flow = await start(deps)
    await authenticate(flow.url, { fid: 1, signer: alice().privateKey as Hex, ...change })
    expect(await codeOf(verify(deps, flow.channelId))).toBe('FARCASTER_INVALID')
  })

  it('refuses another device, project or flow secret (SOCIAL_STATE_MISMATCH) and creates nothing', async () => {
    const deps = makeDeps()
    const flow = await start(deps)
    await signInWithFarcaster({ url: flow.url, manifest, fid: 3 })
    expect(await codeOf(verify(deps, flow.channelId, { deviceId: 'e'.repeat(32) }))).toBe(
      'SOCIAL_STATE_MISMATCH',
    )
    expect(await codeOf(verify(deps, flow.channelId, { flowSecret: 'T'.repeat(43) }))).toBe(
      'SOCIAL_STATE_MISMATCH',
    )
    expect(await codeOf(verify(deps, flow.channelId, { projectId: 'other' }))).toBe(
      'SOCIAL_STATE_MISMATCH',
    )
    expect(await codeOf(verify(deps, 'no-such-channel'))).toBe('SOCIAL_STATE_MISMATCH')
    expect(await deps.store.getIdentity({ provider: 'farcaster', subject: '3' })).toBeUndefined()
    // The right frame still finishes it.
    expect((await verify(deps, flow.channelId)).status).toBe('completed')
  })

  it('answers SOCIAL_EXPIRED after 10 minutes', async () => {
    const deps = makeDeps()
    const flow = await start(deps)
    await signInWithFarcaster({ url: flow.url, manifest, fid: 1 })
    offsetMs = 10 * 60 * 1000
    try {
      expect(await codeOf(verify(deps, flow.channelId))).toBe('SOCIAL_EXPIRED')
    } finally {
      offsetMs = 0
    }
  })

  it('answers PROVIDER_UNAVAILABLE when the relay or the chain is down, and stores nothing', async () => {
    const deadRelay = makeDeps({
      relay: createFarcasterRelayClient({
        relayUrl: `http://127.0.0.1:${deadPort}`,
        fetch: createGuardedFetch({ allowPrivateHosts: true }),
        timeoutMs: 2_000,
      }),
    })
    expect(await codeOf(start(deadRelay, 'd'.repeat(32)))).toBe('PROVIDER_UNAVAILABLE')

    // Started while the relay was up, polled while it is down.
    const flow = await start(makeDeps())
    expect(await codeOf(verify(deadRelay, flow.channelId))).toBe('PROVIDER_UNAVAILABLE')

    // Signed, but the IdRegistry's chain does not answer: no decision, the flow stays usable.
    const deadChain = makeDeps({
      registry: createFarcasterIdRegistry({
        rpcUrl: `http://127.0.0.1:${deadPort}`,
        chainId: started.anvil.chainId,
        address: started.farcaster.idRegistry as Address,
        timeoutMs: 2_000,
      }),
    })
    await signInWithFarcaster({ url: flow.url, manifest, fid: 2 })
    expect(await codeOf(verify(deadChain, flow.channelId))).toBe('PROVIDER_UNAVAILABLE')
    expect((await verify(makeDeps(), flow.channelId)).status).toBe('completed')
  })

  it('caps the polls of one flow', async () => {
    const counts = new Map<string, number>()
    const hourly: RateLimitCounter = {
      hit: () => ({ allowed: true }),
      async consume(checks) {
        for (const check of checks) counts.set(check.key, (counts.get(check.key) ?? 0) + 1)
        const over = checks.find((check) => (counts.get(check.key) ?? 0) > check.limit)
        return over
          ? { allowed: false, scope: over.scope, retryAfterSeconds: 60 }
          : { allowed: true }
      },
      flush: async () => {},
      stop: async () => {},
    }
    const deps = makeDeps({
      hourly,
      farcasterLimits: { ...defaultFarcasterSignInLimits, pollsPerFlowPerHour: 2 },
    })
    const flow = await start(deps)
    await verify(deps, flow.channelId)
    await verify(deps, flow.channelId)
    expect(await codeOf(verify(deps, flow.channelId))).toBe('RATE_LIMITED')
  })
})

/** A loopback port nothing listens on (bound, then released). */
function findClosedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
