import { expect, test } from 'vitest'
import { forEachDatabase } from '../db/testing.ts'
import { createDbNameStore } from './createDbNameStore.ts'
import type { NameInput } from './nameStore.ts'

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const input = (name: string, address: NameInput['address'] = alice): NameInput => ({
  name,
  address,
  coinType: 60,
  attributes: {},
  message: `{"name":"${name}"}`,
  signature: '0x00',
})

forEachDatabase('createDbNameStore', (context) => {
  test('keeps names and addresses in lower case, answers checksummed addresses', async () => {
    const names = createDbNameStore({ db: context.db })
    const inserted = await names.insert({ ...input('Mixed.latch.id'), attributes: { a: 'b' } })
    expect(inserted).toEqual({
      inserted: true,
      record: {
        name: 'mixed.latch.id',
        address: alice,
        coinType: 60,
        attributes: { a: 'b' },
        createdAt: expect.any(Date),
        chainIds: null,
        updatedAt: null,
        attributesTimestamp: null,
      },
    })
    expect(await names.get('MIXED.latch.id')).toEqual(inserted.inserted && inserted.record)
    expect(await names.get('missing.latch.id')).toBeUndefined()
  })

  test('setAttributes replaces the attributes only with a newer signed update', async () => {
    const names = createDbNameStore({ db: context.db })
    await names.insert(input('updated.latch.id'))
    const update = (timestamp: number, avatar: string) =>
      names.setAttributes({
        name: 'Updated.latch.id',
        attributes: { avatar },
        timestamp,
        message: `{"timestamp":${timestamp}}`,
        signature: '0x01',
      })
    const first = await update(1000, 'https://a.example/1.png')
    expect(first).toMatchObject({
      attributes: { avatar: 'https://a.example/1.png' },
      attributesTimestamp: 1000,
      updatedAt: expect.any(Date),
    })
    // The same or an older timestamp changes nothing (a replay, or a slower racer).
    expect(await update(1000, 'https://a.example/old.png')).toBeUndefined()
    expect(await update(999, 'https://a.example/old.png')).toBeUndefined()
    expect((await names.get('updated.latch.id'))?.attributes).toEqual({
      avatar: 'https://a.example/1.png',
    })
    expect(await update(1001, 'https://a.example/2.png')).toMatchObject({
      attributesTimestamp: 1001,
    })
    // A free name is not created by an update.
    expect(
      await names.setAttributes({
        name: 'free.latch.id',
        attributes: {},
        timestamp: 5,
        message: '{}',
        signature: '0x01',
      }),
    ).toBeUndefined()
    expect(await names.get('free.latch.id')).toBeUndefined()
  })

  test('two registrations of one name at once: exactly one wins', async () => {
    const names = createDbNameStore({ db: context.db })
    const results = await Promise.all([
      names.insert(input('race.latch.id', alice)),
      names.insert(input('RACE.latch.id', bob)),
      names.insert(input('Race.latch.id', bob)),
    ])
    expect(results.filter((result) => result.inserted)).toHaveLength(1)
    const winner = (await names.get('race.latch.id'))?.address
    for (const result of results)
      expect(result.inserted ? result.record.address : result.existing.address).toBe(winner)
  })

  test('lists an address’s names newest first, and which names are registered', async () => {
    const names = createDbNameStore({ db: context.db })
    for (const name of ['first.latch.id', 'second.latch.id', 'third.latch.id'])
      await names.insert(input(name, bob))
    const listed = await names.listByAddress(bob.toLowerCase() as typeof bob)
    expect(listed.map((record) => record.name)).toEqual(
      expect.arrayContaining(['third.latch.id', 'second.latch.id', 'first.latch.id']),
    )
    expect(listed.slice(0, 3).map((record) => record.name)).toEqual([
      'third.latch.id',
      'second.latch.id',
      'first.latch.id',
    ])
    expect((await names.listByAddress(bob, { limit: 1 })).map((record) => record.name)).toEqual([
      'third.latch.id',
    ])
    expect(await names.findRegistered(['FIRST.latch.id', 'free.latch.id'])).toEqual(
      new Set(['first.latch.id']),
    )
    expect(await names.findRegistered([])).toEqual(new Set())
  })

  test('the database refuses what the store never writes', async () => {
    const names = createDbNameStore({ db: context.db })
    await expect(names.insert(input('bad-address.latch.id', '0x123'))).rejects.toThrow()
  })
})
