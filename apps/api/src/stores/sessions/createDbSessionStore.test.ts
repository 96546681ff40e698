import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { createDatabase } from '../../db/createDatabase.ts'
import { forEachDatabase } from '../../db/testing.ts'
import { createDbSessionStore } from './createDbSessionStore.ts'
import type { NewSession } from './sessionStore.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hour = 60 * 60 * 1000

let sequence = 0
/** A session to store; each call uses a new id and nonce unless given. */
function newSession(overrides: Partial<NewSession> = {}): NewSession {
  sequence++
  return {
    id: `session-${sequence}`,
    projectId: 'project-a',
    address: alice,
    chainId: 31337,
    caipNetworkId: 'eip155:31337',
    domain: 'localhost:4170',
    uri: 'http://localhost:4170',
    nonce: `nonce${sequence}abcdefgh`,
    issuedAt: new Date(),
    expiresAt: new Date(Date.now() + hour),
    message: 'the signed message',
    signature: '0x1234',
    ...overrides,
  }
}

forEachDatabase('createDbSessionStore', (context) => {
  const store = () => createDbSessionStore({ db: context.db })

  test('a nonce is bound to its project and opens one session', async () => {
    const sessions = store()
    const session = newSession()
    expect(await sessions.create(session)).toEqual({ status: 'unknown' })
    await sessions.addNonce({ projectId: 'project-a', nonce: session.nonce, ttlMs: hour })
    const other = { projectId: 'project-b', nonce: session.nonce }
    expect(await sessions.getNonceState(other)).toBe('unknown')
    expect(await sessions.create({ ...session, projectId: 'project-b' })).toEqual({
      status: 'unknown',
    })
    expect(await sessions.getNonceState(session)).toBe('usable')

    const created = await sessions.create(session)
    expect(created).toEqual({
      status: 'created',
      session: { ...session, revokedAt: null, createdAt: expect.any(Date) },
    })
    expect(await sessions.getNonceState(session)).toBe('used')
    expect(await sessions.create({ ...session, id: 'again' })).toEqual({ status: 'used' })
  })

  test('of two sign-ins with one nonce at once, exactly one opens a session', async () => {
    const sessions = store()
    const session = newSession()
    await sessions.addNonce({ projectId: 'project-a', nonce: session.nonce, ttlMs: hour })
    const results = await Promise.all(
      ['first', 'second', 'third'].map((id) => sessions.create({ ...session, id })),
    )
    expect(results.map((result) => result.status).sort()).toEqual(['created', 'used', 'used'])
  })

  test('an expired nonce opens nothing', async () => {
    const sessions = store()
    const session = newSession()
    await sessions.addNonce({ projectId: 'project-a', nonce: session.nonce, ttlMs: hour })
    expect(await sessions.getNonceState(session)).toBe('usable')
    // The database is the clock: the hour passes, without sleeping, as the expiry moves back.
    await context.db.execute(
      sql`UPDATE sign_in_nonces SET expires_at = now() - interval '1 millisecond' WHERE nonce = ${session.nonce}`,
    )
    expect(await sessions.getNonceState(session)).toBe('expired')
    expect(await sessions.create(session)).toEqual({ status: 'expired' })
  })

  test('lists the active sessions newest first; revoking keeps the first time', async () => {
    const sessions = store()
    const open = async (overrides: Partial<NewSession>) => {
      const session = newSession({ projectId: 'project-list', ...overrides })
      await sessions.addNonce({ projectId: session.projectId, nonce: session.nonce, ttlMs: hour })
      const result = await sessions.create(session)
      if (result.status !== 'created') throw new Error(`Not created: ${result.status}.`)
      return result.session
    }
    const older = await open({})
    const newer = await open({})
    await open({ expiresAt: new Date(Date.now() - 1000) })
    await open({ address: bob })
    await open({ projectId: 'project-elsewhere' })
    const revoked = await open({})

    expect(await sessions.revoke({ projectId: 'project-list', id: revoked.id })).toBe(true)
    const first = await sessions.get({ projectId: 'project-list', id: revoked.id })
    expect(first?.revokedAt).toBeInstanceOf(Date)
    await sessions.revoke({ projectId: 'project-list', id: revoked.id })
    expect(await sessions.get({ projectId: 'project-list', id: revoked.id })).toEqual(first)
    expect(await sessions.revoke({ projectId: 'project-list', id: 'nope' })).toBe(false)
    expect(await sessions.revoke({ projectId: 'project-elsewhere', id: older.id })).toBe(false)

    const active = await sessions.listActive({ projectId: 'project-list', address: alice })
    expect(active.map((session) => session.id)).toEqual([newer.id, older.id])
  })

  test('a Solana session keeps its CAIP-2 chain and no EIP-155 number', async () => {
    const sessions = store()
    const solana = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    const address = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const session = newSession({
      projectId: 'project-sol',
      address,
      chainId: null,
      caipNetworkId: solana,
    })
    await sessions.addNonce({ projectId: session.projectId, nonce: session.nonce, ttlMs: hour })
    expect((await sessions.create(session)).status).toBe('created')
    const [listed] = await sessions.listActive({ projectId: 'project-sol', address })
    expect(listed).toMatchObject({ address, chainId: null, caipNetworkId: solana })
    // Base58 is case-sensitive: another spelling is another account.
    expect(
      await sessions.listActive({ projectId: 'project-sol', address: address.toLowerCase() }),
    ).toEqual([])
  })
})

test('sessions survive a restart (PGlite on disk)', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'latch-sessions-'))
  try {
    const session = newSession()
    const first = await createDatabase({ dataDir })
    try {
      const sessions = createDbSessionStore({ db: first.db })
      await sessions.addNonce({ projectId: session.projectId, nonce: session.nonce, ttlMs: hour })
      expect((await sessions.create(session)).status).toBe('created')
    } finally {
      await first.close()
    }
    const second = await createDatabase({ dataDir })
    try {
      const sessions = createDbSessionStore({ db: second.db })
      const active = await sessions.listActive({ projectId: session.projectId, address: alice })
      expect(active.map((stored) => stored.id)).toEqual([session.id])
      expect(await sessions.create({ ...session, id: 'replayed' })).toEqual({ status: 'used' })
    } finally {
      await second.close()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})
