import {
  apiErrorSchema,
  createSessionResponseSchema,
  nonceResponseSchema,
  revokeSessionMessage,
  sessionsResponseSchema,
} from '@latch/api-contract'
import { eq, sql } from 'drizzle-orm'
import { type Address, getAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { signInNonces } from '../db/schema/index.ts'
import { forEachDatabase } from '../db/testing.ts'
import { createTestChain, type TestChain } from '../indexer/testing/createTestChain.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { createDbSessionStore } from '../stores/sessions/createDbSessionStore.ts'

// anvil's first two well-known test keys.
const alice = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const bob = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)

const origin = 'http://localhost:4170'
const projectId = 'sign-in-project'
const otherProjectId = 'other-project'
/** A project of its own for the nonce cap: the others hold the nonces of earlier tests. */
const cappedProjectId = 'capped-project'

/** Runtime code that answers every call with ERC-1271's magic value: a contract account. */
const approvingAccountCode = '0x631626ba7e60e01b60005260206000f3'
/** Runtime code that answers every call with 32 zero bytes: a contract account that refuses. */
const refusingAccountCode = '0x60206000f3'

let chain: TestChain
beforeAll(async () => {
  chain = await createTestChain()
})
afterAll(async () => {
  await chain?.stop()
})

forEachDatabase('sign in with the wallet', (context) => {
  let app: ReturnType<typeof createApp>
  /** The app of these tests, with other quotas (`app` is the one the helpers call). */
  const appWith = (quotas: Parameters<typeof createApp>[0]['quotas']) =>
    createApp({
      networks: [chain.network],
      projects: createMemoryProjectStore([
        { id: projectId, name: 'Sign-in test', allowedOrigins: ['http://localhost:*'] },
        { id: cappedProjectId, name: 'Capped', allowedOrigins: ['http://localhost:*'] },
        { id: `${cappedProjectId}-2`, name: 'Capped too', allowedOrigins: ['http://localhost:*'] },
      ]),
      clients: chain.clients,
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
      db: context.db,
      quotas,
    })
  beforeAll(() => {
    app = createApp({
      networks: [chain.network],
      projects: createMemoryProjectStore([
        { id: projectId, name: 'Sign-in test', allowedOrigins: ['http://localhost:*'] },
        { id: otherProjectId, name: 'Other', allowedOrigins: ['https://other.example'] },
      ]),
      clients: chain.clients,
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
      db: context.db,
    })
  })

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  const getNonce = async (project = projectId, from = origin) => {
    const response = await post(`/v1/auth/nonce?projectId=${project}`, {}, { Origin: from })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    return nonceResponseSchema.parse(await response.json()).nonce
  }

  /** A message as the web app writes it, for `account` on the test page, with a fresh nonce. */
  const writeMessage = async (
    overrides: Partial<SiweMessage> = {},
    account: Address = alice.address,
  ) =>
    createSiweMessage({
      address: account,
      chainId: chain.chainId,
      domain: 'localhost:4170',
      uri: `${origin}/account`,
      version: '1',
      nonce: overrides.nonce ?? (await getNonce()),
      statement: 'Sign in to Latch.',
      issuedAt: new Date(),
      ...overrides,
    })

  const signIn = (
    body: { message: string; signature: Hex | string },
    { from = origin, project = projectId }: { from?: string | null; project?: string } = {},
  ) => post(`/v1/sessions?projectId=${project}`, body, from === null ? {} : { Origin: from })

  const signedBy = async (message: string, signer = alice) => ({
    message,
    signature: await signer.signMessage({ message }),
  })

  /** Signs in and answers the new session. */
  const openSession = async (signer = alice) => {
    const response = await signIn(await signedBy(await writeMessage({}, signer.address), signer))
    expect(response.status).toBe(201)
    return createSessionResponseSchema.parse(await response.json()).session
  }

  const failure = async (response: Response | Promise<Response>) => {
    const answer = await response
    const { error } = apiErrorSchema.parse(await answer.json())
    return `${answer.status} ${error.message}`
  }

  const list = async (address: string, project = projectId) => {
    const response = await app.request(`/v1/sessions/${address}?projectId=${project}`)
    expect(response.status).toBe(200)
    return sessionsResponseSchema.parse(await response.json()).sessions
  }

  const revoke = (address: string, body: { pci: string; signature: string }) =>
    post(`/v1/sessions/${address}/revoke?projectId=${projectId}`, body, { Origin: origin })

  test('signs in with a message viem wrote and an EOA signature', async () => {
    const before = Date.now()
    const message = await writeMessage()
    const response = await signIn(await signedBy(message))
    expect(response.status).toBe(201)
    const { session } = createSessionResponseSchema.parse(await response.json())
    expect(session).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      address: alice.address,
      chainId: chain.chainId,
      caipNetworkId: `eip155:${chain.chainId}`,
      domain: 'localhost:4170',
      issuedAt: expect.any(String),
      expiresAt: expect.any(String),
    })
    // No Expiration Time in the message: the session lasts 7 days.
    const lifetime = Date.parse(session.expiresAt) - before
    expect(lifetime).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000)
    expect(lifetime).toBeLessThan(7 * 24 * 3600 * 1000 + 60_000)
    expect(await list(alice.address)).toContainEqual(session)
  })

  test("the message's Expiration Time ends the session", async () => {
    const expirationTime = new Date(Date.now() + 3600_000)
    const response = await signIn(await signedBy(await writeMessage({ expirationTime })))
    const { session } = createSessionResponseSchema.parse(await response.json())
    expect(session.expiresAt).toBe(expirationTime.toISOString())
  })

  test('a message written by hand in the EIP-4361 example style is accepted', async () => {
    const nonce = await getNonce()
    const message = [
      'localhost:4170 wants you to sign in with your Ethereum account:',
      bob.address,
      '',
      '',
      `URI: ${origin}`,
      'Version: 1',
      `Chain ID: ${chain.chainId}`,
      `Nonce: ${nonce}`,
      `Issued At: ${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
      'Resources:',
      '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
      '- https://example.com/my-web2-claim.json',
    ].join('\n')
    const response = await signIn(await signedBy(message, bob))
    expect(response.status).toBe(201)
  })

  test('a replayed message is refused, also when sent twice at once', async () => {
    const body = await signedBy(await writeMessage())
    expect((await signIn(body)).status).toBe(201)
    expect(await failure(signIn(body))).toMatchInlineSnapshot(
      `"401 This sign-in message was already used."`,
    )

    const raced = await signedBy(await writeMessage())
    const statuses = await Promise.all([signIn(raced), signIn(raced)])
    expect(statuses.map((response) => response.status).sort()).toEqual([201, 401])
  })

  test('the validity window of the message is checked', async () => {
    const expired = await writeMessage({ expirationTime: new Date('2020-01-01T00:00:00Z') })
    const notYet = await writeMessage({ notBefore: new Date('2100-01-01T00:00:00Z') })
    const future = await writeMessage({ issuedAt: new Date('2100-01-01T00:00:00Z') })
    expect({
      expired: await failure(signIn(await signedBy(expired))),
      notYet: await failure(signIn(await signedBy(notYet))),
      future: await failure(signIn(await signedBy(future))),
    }).toMatchInlineSnapshot(`
      {
        "expired": "401 The sign-in message expired at 2020-01-01T00:00:00.000Z.",
        "future": "401 The sign-in message is issued in the future (2100-01-01T00:00:00.000Z); check the device clock.",
        "notYet": "401 The sign-in message is not valid before 2100-01-01T00:00:00.000Z.",
      }
    `)
  })

  test('the message must be for the calling page', async () => {
    const otherDomain = await writeMessage({ domain: 'evil.example' })
    const otherUri = await writeMessage({ uri: 'https://evil.example/login' })
    const otherScheme = await writeMessage({ scheme: 'https' })
    expect({
      domain: await failure(signIn(await signedBy(otherDomain))),
      uri: await failure(signIn(await signedBy(otherUri))),
      scheme: await failure(signIn(await signedBy(otherScheme))),
      // An allowed page, but not the one the message names.
      page: await failure(
        signIn(await signedBy(await writeMessage()), { from: 'http://localhost:5173' }),
      ),
    }).toMatchInlineSnapshot(`
      {
        "domain": "401 The sign-in message's domain "evil.example" is not the page's "localhost:4170".",
        "page": "401 The sign-in message's domain "localhost:4170" is not the page's "localhost:5173".",
        "scheme": "401 The sign-in message's scheme "https" is not the page's "http".",
        "uri": "401 The sign-in message's URI "https://evil.example/login" is not the page's "http://localhost:4170".",
      }
    `)
  })

  test('the page origin must be given and allowed for the project', async () => {
    const message = await writeMessage({ domain: 'evil.example', uri: 'https://evil.example' })
    expect({
      missing: await failure(signIn(await signedBy(await writeMessage()), { from: null })),
      opaque: await failure(signIn(await signedBy(await writeMessage()), { from: 'null' })),
      notAllowed: await failure(signIn(await signedBy(message), { from: 'https://evil.example' })),
    }).toMatchInlineSnapshot(`
      {
        "missing": "400 A sign-in needs the page origin.",
        "notAllowed": "403 Unauthorized: origin not allowed",
        "opaque": "403 Unauthorized: origin not allowed",
      }
    `)
  })

  test('the nonce must be one the API handed out to this project, unexpired', async () => {
    const otherProjectNonce = await writeMessage({
      nonce: await getNonce(otherProjectId, 'https://other.example'),
    })
    const expiredNonce = await getNonce()
    await context.db
      .update(signInNonces)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInNonces.nonce, expiredNonce))
    expect({
      unknown: await failure(
        signIn(await signedBy(await writeMessage({ nonce: 'a1b2c3d4e5f6a7b8' }))),
      ),
      otherProject: await failure(signIn(await signedBy(otherProjectNonce))),
      expired: await failure(signIn(await signedBy(await writeMessage({ nonce: expiredNonce })))),
    }).toMatchInlineSnapshot(`
      {
        "expired": "401 The sign-in nonce expired; ask for a new one.",
        "otherProject": "401 The sign-in nonce is unknown; ask for a new one.",
        "unknown": "401 The sign-in nonce is unknown; ask for a new one.",
      }
    `)
  })

  test('the signature must be the address’s', async () => {
    const message = await writeMessage()
    expect({
      wrongSigner: await failure(signIn(await signedBy(message, bob))),
      garbage: await failure(signIn({ message, signature: '0xdeadbeef' })),
    }).toMatchInlineSnapshot(`
      {
        "garbage": "401 The sign-in message is not signed by "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266".",
        "wrongSigner": "401 The sign-in message is not signed by "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266".",
      }
    `)
    // The nonce was not spent by the failed attempts: the right signature still signs in.
    expect((await signIn(await signedBy(message))).status).toBe(201)
  })

  test('contract accounts are asked on chain (ERC-1271)', async () => {
    const approving: Address = '0x000000000000000000000000000000000000a001'
    const refusing: Address = '0x000000000000000000000000000000000000a002'
    await chain.testClient.setCode({ address: approving, bytecode: approvingAccountCode })
    await chain.testClient.setCode({ address: refusing, bytecode: refusingAccountCode })
    // Whatever the account accepts; 65 bytes, as ERC-6492's validator reads a 32-byte suffix.
    const signature = `0x${'ab'.repeat(65)}`
    const approved = await signIn({ message: await writeMessage({}, approving), signature })
    expect(approved.status, await approved.clone().text()).toBe(201)
    expect(await failure(signIn({ message: await writeMessage({}, refusing), signature }))).toBe(
      `401 The sign-in message is not signed by "${getAddress(refusing)}".`,
    )
  })

  test('malformed messages and bodies are refused with the reason', async () => {
    const message = await writeMessage()
    const signature = await alice.signMessage({ message })
    expect({
      crlf: await failure(signIn({ message: message.replaceAll('\n', '\r\n'), signature })),
      noNonce: await failure(signIn({ message: message.replace(/\nNonce: .*/, ''), signature })),
      otherChain: await failure(signIn(await signedBy(await writeMessage({ chainId: 1 })))),
      noSignature: await failure(signIn({ message } as never)),
      badSignature: await failure(signIn({ message, signature: 'signed' })),
      notJson: await failure(
        app.request(`/v1/sessions?projectId=${projectId}`, {
          method: 'POST',
          headers: { Origin: origin },
          body: 'message=hi',
        }),
      ),
    }).toMatchInlineSnapshot(`
      {
        "badSignature": "400 signature must be a 0x-prefixed hex string.",
        "crlf": "400 The sign-in message is not a valid EIP-4361 message: its lines must end with LF alone, not CRLF.",
        "noNonce": "400 The sign-in message is not a valid EIP-4361 message: its "Nonce:" line is missing or out of order.",
        "noSignature": "400 signature is required.",
        "notJson": "400 The request body must be JSON.",
        "otherChain": "400 Chain eip155:1 is not supported.",
      }
    `)
  })

  test('lists active sessions newest first, per address and project', async () => {
    const carol = privateKeyToAccount(
      '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
    )
    const first = await openSession(carol)
    const second = await openSession(carol)
    expect(await list(carol.address)).toEqual([second, first])
    expect(await list(carol.address.toLowerCase())).toEqual([second, first])
    expect(await list(carol.address, otherProjectId)).toEqual([])
    expect(await failure(app.request(`/v1/sessions/0x123?projectId=${projectId}`))).toBe(
      '400 Invalid address "0x123".',
    )
  })

  test('revokes with the address’s signature of the revocation text', async () => {
    const dave = privateKeyToAccount(
      '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
    )
    const kept = await openSession(dave)
    const session = await openSession(dave)
    const text = revokeSessionMessage(session.id)
    expect(text).toBe(`Revoke Latch session ${session.id}`)

    expect({
      wrongSigner: await failure(
        revoke(dave.address, {
          pci: session.id,
          signature: await bob.signMessage({ message: text }),
        }),
      ),
      otherText: await failure(
        revoke(dave.address, {
          pci: session.id,
          signature: await dave.signMessage({ message: revokeSessionMessage(kept.id) }),
        }),
      ),
    }).toMatchInlineSnapshot(`
      {
        "otherText": "401 The revocation is not signed by "0x90F79bf6EB2c4f870365E785982E1f101E93b906".",
        "wrongSigner": "401 The revocation is not signed by "0x90F79bf6EB2c4f870365E785982E1f101E93b906".",
      }
    `)
    expect(await list(dave.address)).toEqual([session, kept])

    const revoked = await revoke(dave.address, {
      pci: session.id,
      signature: await dave.signMessage({ message: text }),
    })
    expect(revoked.status).toBe(200)
    expect(await revoked.json()).toEqual({ revoked: true })
    expect(await list(dave.address)).toEqual([kept])

    await revoke(dave.address, {
      pci: kept.id,
      signature: await dave.signMessage({ message: revokeSessionMessage(kept.id) }),
    })
    expect(await list(dave.address)).toEqual([])
  })

  test('revoking an unknown session, or another address’s, is a 404', async () => {
    const session = await openSession(alice)
    const signature = await bob.signMessage({ message: revokeSessionMessage(session.id) })
    expect({
      unknown: await failure(revoke(bob.address, { pci: 'no-such-session', signature })),
      notTheirs: await failure(revoke(bob.address, { pci: session.id, signature })),
    }).toEqual({
      unknown: `404 No session "no-such-session" for "${bob.address}".`,
      notTheirs: `404 No session "${session.id}" for "${bob.address}".`,
    })
    expect(await list(alice.address)).toContainEqual(session)
  })

  test('outstanding nonces are capped per project (429), used and swept ones free room', async () => {
    const capped = appWith({ maxPendingNonces: 3 })
    const ask = (project = cappedProjectId) =>
      capped.request(`/v1/auth/nonce?projectId=${project}`, {
        method: 'POST',
        headers: { Origin: origin },
      })
    const answers = await Promise.all([ask(), ask(), ask()])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    const refused = await ask()
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin)
    expect(await refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: `The project has 3 unused sign-in nonces outstanding: use them or try again in ${retryAfter} seconds.`,
      },
    })
    // Another project is not held back.
    expect((await ask(`${cappedProjectId}-2`)).status).toBe(200)

    // Expired nonces no longer count, and the sweeper deletes them at once.
    await context.db
      .update(signInNonces)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInNonces.projectId, cappedProjectId))
    expect((await ask()).status).toBe(200)
    const store = createDbSessionStore({ db: context.db })
    expect(await store.sweepExpiredNonces()).toBeGreaterThanOrEqual(3)
    const left = await context.db
      .select({ nonce: signInNonces.nonce })
      .from(signInNonces)
      .where(eq(signInNonces.projectId, cappedProjectId))
    expect(left).toHaveLength(1)
  })

  test('sessions last at most the configured time: a longer Expiration Time is refused', async () => {
    const hour = 3600_000
    const saved = app
    app = appWith({ maxSessionMs: 2 * hour })
    try {
      const tooLong = new Date(Date.now() + 3 * hour)
      expect(
        await failure(signIn(await signedBy(await writeMessage({ expirationTime: tooLong })))),
      ).toBe(
        `400 The sign-in message's Expiration Time ${tooLong.toISOString()} is more than 2 hours away: sessions last at most 2 hours.`,
      )
      const withinCap = new Date(Date.now() + hour)
      const accepted = await signIn(
        await signedBy(await writeMessage({ expirationTime: withinCap })),
      )
      expect(accepted.status).toBe(201)
      // Without an Expiration Time, the session ends at the cap.
      const before = Date.now()
      const open = await signIn(await signedBy(await writeMessage()))
      const { session } = createSessionResponseSchema.parse(await open.json())
      const ends = new Date(session.expiresAt).getTime()
      expect(ends).toBeGreaterThanOrEqual(before + 2 * hour)
      expect(ends).toBeLessThanOrEqual(Date.now() + 2 * hour)
    } finally {
      app = saved
    }
  })
})
