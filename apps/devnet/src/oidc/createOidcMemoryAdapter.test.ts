import { afterEach, expect, it, vi } from 'vitest'
import { createOidcMemoryAdapter } from './createOidcMemoryAdapter.ts'

afterEach(() => {
  vi.useRealTimers()
})

it('keeps records per model, finds them by uid and forgets them when they expire', async () => {
  vi.useFakeTimers()
  const Adapter = createOidcMemoryAdapter()
  const sessions = new Adapter('Session')
  const grants = new Adapter('Grant')
  await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60)
  expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a' })
  expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a' })
  // Same id, another model: another record.
  expect(await grants.find('s1')).toBeUndefined()
  vi.advanceTimersByTime(61_000)
  expect(await sessions.find('s1')).toBeUndefined()
  expect(await sessions.findByUid('u1')).toBeUndefined()
})

it('hands out copies, marks consumed records and revokes by grant', async () => {
  const Adapter = createOidcMemoryAdapter()
  const codes = new Adapter('AuthorizationCode')
  const tokens = new Adapter('AccessToken')
  await codes.upsert('c1', { grantId: 'g1', scope: 'openid' }, 60)
  await tokens.upsert('t1', { grantId: 'g1' }, 60)
  await tokens.upsert('t2', { grantId: 'g2' }, 60)
  const found = await codes.find('c1')
  if (found) found.scope = 'changed'
  expect(await codes.find('c1')).toMatchObject({ scope: 'openid' })
  await codes.consume('c1')
  expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number))
  await tokens.revokeByGrantId('g1')
  expect(await codes.find('c1')).toBeUndefined()
  expect(await tokens.find('t1')).toBeUndefined()
  expect(await tokens.find('t2')).toEqual({ grantId: 'g2' })
  await tokens.destroy('t2')
  expect(await tokens.find('t2')).toBeUndefined()
})

it('keeps at most maxEntries records, dropping the oldest', async () => {
  const Adapter = createOidcMemoryAdapter({ maxEntries: 3 })
  const interactions = new Adapter('Interaction')
  for (let i = 1; i <= 5; i++) await interactions.upsert(`i${i}`, { uid: `u${i}` }, 600)
  expect(await interactions.find('i1')).toBeUndefined()
  expect(await interactions.find('i2')).toBeUndefined()
  expect(await interactions.findByUid('u2')).toBeUndefined()
  for (const id of ['i3', 'i4', 'i5']) expect(await interactions.find(id)).toBeDefined()
  // Writing a record again makes it the newest.
  await interactions.upsert('i3', { uid: 'u3' }, 600)
  await interactions.upsert('i6', { uid: 'u6' }, 600)
  expect(await interactions.find('i4')).toBeUndefined()
  expect(await interactions.find('i3')).toBeDefined()
})
