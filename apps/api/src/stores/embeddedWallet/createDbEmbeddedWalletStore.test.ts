import { expect, test } from 'vitest'
import { forEachDatabase } from '../../db/testing.ts'
import { createDbEmbeddedWalletStore } from './createDbEmbeddedWalletStore.ts'
import type { NewSocialFlow } from './embeddedWalletStore.ts'

const now = new Date('2026-11-25T12:00:00Z')
const later = (ms: number) => new Date(now.getTime() + ms)
const deviceA = 'a'.repeat(32)
const deviceB = 'b'.repeat(32)

const flow = (id: string, overrides: Partial<NewSocialFlow> = {}): NewSocialFlow => ({
  id,
  kind: 'oauth',
  provider: 'google',
  projectId: 'project',
  deviceId: deviceA,
  flowSecretHash: 'f'.repeat(64),
  nonce: 'nonce',
  codeVerifier: 'verifier',
  channelToken: null,
  appOrigin: 'http://localhost:3000',
  returnUrl: 'http://localhost:3000/',
  mode: 'popup',
  linkUserId: null,
  expiresAt: later(600_000),
  createdAt: now,
  ...overrides,
})

const session = (id: string) => ({ id, tokenHash: `hash-${id}`, expiresAt: later(86_400_000) })
const signInInput = {
  deviceId: deviceA,
  projectId: 'project',
  now,
  maxDevices: 20,
  maxSessions: 20,
}

forEachDatabase('createDbEmbeddedWalletStore (social)', (context) => {
  test('keeps a flow, uses it once, and not after it expired', async () => {
    const store = createDbEmbeddedWalletStore({ db: context.db })
    await store.addSocialFlow({ ...flow('s1'), maxPerDevice: 5 })
    expect(await store.getSocialFlow('s1')).toEqual({ ...flow('s1'), usedAt: null })
    expect(await store.useSocialFlow({ id: 's1', now })).toBe(true)
    expect(await store.useSocialFlow({ id: 's1', now })).toBe(false)
    expect((await store.getSocialFlow('s1'))?.usedAt).toEqual(now)
    await store.addSocialFlow({ ...flow('s2'), maxPerDevice: 5 })
    expect(await store.useSocialFlow({ id: 's2', now: later(600_000) })).toBe(false)
    expect(await store.getSocialFlow('unknown')).toBeUndefined()
  })

  test('keeps at most maxPerDevice open flows per device, newest first', async () => {
    const store = createDbEmbeddedWalletStore({ db: context.db })
    for (let i = 0; i < 4; i++)
      await store.addSocialFlow({
        ...flow(`cap${i}`, { deviceId: deviceB, createdAt: later(i) }),
        maxPerDevice: 2,
      })
    expect(await store.getSocialFlow('cap0')).toBeUndefined()
    expect(await store.getSocialFlow('cap1')).toBeUndefined()
    expect(await store.getSocialFlow('cap2')).toBeDefined()
    expect(await store.getSocialFlow('cap3')).toBeDefined()
    // A Farcaster flow of the same device counts on its own.
    await store.addSocialFlow({
      ...flow('cap-farcaster', { deviceId: deviceB, kind: 'farcaster', createdAt: later(9) }),
      maxPerDevice: 1,
    })
    expect(await store.getSocialFlow('cap2')).toBeDefined()
    expect(await store.getSocialFlow('cap3')).toBeDefined()
  })

  test('signs in with an identity: the same subject finds the same user, the email joins nothing', async () => {
    const store = createDbEmbeddedWalletStore({ db: context.db })
    await store.signIn({
      ...signInInput,
      email: 'ada@example.com',
      newUserId: 'email-user',
      session: session('e1'),
    })
    const identity = {
      provider: 'google' as const,
      subject: 'g-1',
      username: 'Ada',
      email: 'ada@example.com',
    }
    const first = await store.signInWithIdentity({
      ...signInInput,
      identity,
      newUserId: 'social-user',
      session: session('g1'),
    })
    expect(first.user).toEqual({ id: 'social-user', email: null, createdAt: now })
    expect(first.identity).toEqual({ ...identity, userId: 'social-user' })
    const again = await store.signInWithIdentity({
      ...signInInput,
      identity: { ...identity, username: 'Ada L.' },
      newUserId: 'ignored',
      session: session('g2'),
    })
    expect(again.user.id).toBe('social-user')
    expect(again.identity.username).toBe('Ada L.')
    expect(await store.getUser('ignored')).toBeUndefined()
    expect(await store.getSessionByTokenHash('hash-g2')).toMatchObject({
      userId: 'social-user',
      method: 'google',
      identitySubject: 'g-1',
    })
    expect(await store.getSessionByTokenHash('hash-e1')).toMatchObject({
      userId: 'email-user',
      method: 'email',
      identitySubject: null,
    })
    expect(await store.getDevice({ userId: 'social-user', deviceId: deviceA })).toEqual({
      approvedAt: now,
    })
    const other = await store.signInWithIdentity({
      ...signInInput,
      identity: { ...identity, provider: 'github', subject: 'g-1' },
      newUserId: 'github-user',
      session: session('h1'),
    })
    expect(other.user.id).toBe('github-user')
  })

  test('two first sign-ins of one new identity at once make one user', async () => {
    const store = createDbEmbeddedWalletStore({ db: context.db })
    const identity = { provider: 'apple' as const, subject: 'race', username: null, email: null }
    const [one, two] = await Promise.all(
      ['race-1', 'race-2'].map((id) =>
        store.signInWithIdentity({ ...signInInput, identity, newUserId: id, session: session(id) }),
      ),
    )
    expect(one?.user.id).toBe(two?.user.id)
    expect(await store.getSessionByTokenHash('hash-race-1')).toMatchObject({ userId: one?.user.id })
    expect(await store.getSessionByTokenHash('hash-race-2')).toMatchObject({ userId: one?.user.id })
  })

  test('keeps the session cap for social sign-ins', async () => {
    const store = createDbEmbeddedWalletStore({ db: context.db })
    const identity = { provider: 'x' as const, subject: 'x-cap', username: 'cap', email: null }
    for (let i = 0; i < 3; i++)
      await store.signInWithIdentity({
        ...signInInput,
        now: later(i),
        maxSessions: 2,
        identity,
        newUserId: 'cap-user',
        session: session(`cap-${i}`),
      })
    expect((await store.getSessionByTokenHash('hash-cap-0'))?.revokedAt).toEqual(later(2))
    expect((await store.getSessionByTokenHash('hash-cap-2'))?.revokedAt).toBeNull()
  })

  test('links an identity to a user once; another user gets taken', async () => {
    const store = createDbEmbeddedWalletStore({ db: context.db })
    for (const id of ['link-1', 'link-2'])
      await store.signIn({
        ...signInInput,
        email: `${id}@example.com`,
        newUserId: id,
        session: session(id),
      })
    const identity = {
      provider: 'discord' as const,
      subject: 'd-1',
      username: 'grace',
      email: null,
      userId: 'link-1',
    }
    expect(await store.linkIdentity({ identity, now })).toBe('linked')
    expect(await store.linkIdentity({ identity: { ...identity, username: 'g' }, now })).toBe(
      'linked',
    )
    expect(await store.getIdentity({ provider: 'discord', subject: 'd-1' })).toEqual({
      ...identity,
      username: 'g',
    })
    expect(await store.linkIdentity({ identity: { ...identity, userId: 'link-2' }, now })).toBe(
      'taken',
    )
  })
})
