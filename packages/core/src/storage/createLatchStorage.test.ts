import { describe, expect, it } from 'vitest'
import type { KeyValueStorage } from '../types.ts'
import {
  createLatchStorage,
  createMemoryStorage,
  legacyRecentConnectorStorageKey,
  storageKeys,
} from './createLatchStorage.ts'

function memory() {
  const map = new Map<string, string>()
  const storage: KeyValueStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
  return { map, storage }
}

const wallet = (id: string) => ({ id, name: `Wallet ${id}` })

describe('createLatchStorage', () => {
  it('writes JSON under @latch/ keys', () => {
    const { map, storage } = memory()
    const latch = createLatchStorage(storage)
    latch.setActiveCaipNetworkId('eip155:31337')
    latch.setConnectedConnectorId('eip155', 'io.metamask')
    latch.setConnectedConnectorId('solana', 'phantom')
    latch.addRecentWallet(wallet('metamask'))
    expect(Object.fromEntries(map)).toEqual({
      '@latch/active_caip_network_id': '"eip155:31337"',
      '@latch/connected_connector_ids': '{"eip155":"io.metamask","solana":"phantom"}',
      '@latch/recent_wallets': '[{"id":"metamask","name":"Wallet metamask"}]',
    })
    expect(latch.getActiveCaipNetworkId()).toBe('eip155:31337')
    expect(latch.getConnectedConnectorIds()).toEqual({ eip155: 'io.metamask', solana: 'phantom' })
  })

  it('removes one namespace or every connected connector id', () => {
    const { map, storage } = memory()
    const latch = createLatchStorage(storage)
    latch.setConnectedConnectorId('eip155', 'a')
    latch.setConnectedConnectorId('solana', 'b')
    latch.removeConnectedConnectorId('solana')
    expect(latch.getConnectedConnectorIds()).toEqual({ eip155: 'a' })
    latch.removeConnectedConnectorId('eip155')
    expect(map.has(storageKeys.connectedConnectorIds)).toBe(false)
    latch.setConnectedConnectorId('eip155', 'a')
    latch.removeConnectedConnectorId()
    expect(latch.getConnectedConnectorIds()).toEqual({})
  })

  it('keeps 2 recent wallets, newest first, once per id, without null links', () => {
    const latch = createLatchStorage(memory().storage)
    latch.addRecentWallet(wallet('a'))
    latch.addRecentWallet(wallet('b'))
    latch.addRecentWallet(wallet('a'))
    expect(latch.getRecentWallets().map((w) => w.id)).toEqual(['a', 'b'])
    const recents = latch.addRecentWallet({
      id: 'c',
      name: 'Wallet c',
      icon: 'https://img/c.png',
      rdns: null,
      mobile_link: 'cwallet://',
      desktop_link: null,
    })
    expect(recents).toEqual([
      { id: 'c', name: 'Wallet c', icon: 'https://img/c.png', mobile_link: 'cwallet://' },
      { id: 'a', name: 'Wallet a' },
    ])
    expect(latch.getRecentWallets()).toEqual(recents)
  })

  it('ignores corrupt or foreign values and never throws', () => {
    const { map, storage } = memory()
    map.set(storageKeys.activeCaipNetworkId, '{not json')
    map.set(storageKeys.connectedConnectorIds, '["io.metamask"]')
    map.set(storageKeys.recentWallets, '[{"id":"a","name":"A","icon":7},{"name":"no id"},null]')
    const latch = createLatchStorage(storage)
    expect(latch.getActiveCaipNetworkId()).toBeUndefined()
    expect(latch.getConnectedConnectorIds()).toEqual({})
    expect(latch.getRecentWallets()).toEqual([{ id: 'a', name: 'A' }])
    map.set(storageKeys.connectedConnectorIds, '{"eip155":5,"solana":"p"}')
    expect(latch.getConnectedConnectorIds()).toEqual({ solana: 'p' })
    map.set(storageKeys.activeCaipNetworkId, '"not a caip id"')
    expect(latch.getActiveCaipNetworkId()).toBeUndefined()

    const blocked = createLatchStorage({
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    })
    expect(() => {
      blocked.migrate()
      blocked.setConnectedConnectorId('eip155', 'a')
      blocked.addRecentWallet(wallet('a'))
      blocked.removeConnectedConnectorId()
    }).not.toThrow()
    expect(blocked.getRecentWallets()).toEqual([])
  })

  it('migrates the version 1 key so an existing session still restores', () => {
    const { map, storage } = memory()
    map.set(legacyRecentConnectorStorageKey, 'walletConnect')
    const latch = createLatchStorage(storage)
    latch.migrate()
    expect(Object.fromEntries(map)).toEqual({
      '@latch/connected_connector_ids': '{"eip155":"walletConnect"}',
      '@latch/storage_version': '3',
    })
    // Once migrated, a leftover version 1 key is ignored.
    latch.setConnectedConnectorId('eip155', 'io.metamask')
    map.set(legacyRecentConnectorStorageKey, 'stale')
    latch.migrate()
    expect(latch.getConnectedConnectorIds()).toEqual({ eip155: 'io.metamask' })
  })

  it('migrates a fresh or corrupt-version storage to the current version', () => {
    const { map, storage } = memory()
    map.set(storageKeys.version, 'garbage')
    createLatchStorage(storage).migrate()
    expect(Object.fromEntries(map)).toEqual({ '@latch/storage_version': '3' })
  })

  it('migrates version 2 to 3: pending transactions start empty, a corrupt value is dropped', () => {
    const { map, storage } = memory()
    map.set(storageKeys.version, '2')
    map.set(storageKeys.pendingTransactions, '{"not":"a list"}')
    map.set(storageKeys.recentWallets, JSON.stringify([{ id: 'a', name: 'A' }]))
    const latch = createLatchStorage(storage)
    latch.migrate()
    expect(map.get(storageKeys.version)).toBe('3')
    expect(map.has(storageKeys.pendingTransactions)).toBe(false)
    expect(latch.getPendingTransactions()).toEqual([])
    // Version 2's data is kept.
    expect(latch.getRecentWallets()).toEqual([{ id: 'a', name: 'A' }])
  })

  it('keeps pending transactions across instances, at most 99, dropping malformed entries', () => {
    const { map, storage } = memory()
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
    const entries = Array.from({ length: 120 }, (_, n) => ({
      hash: hash(n + 1),
      chainId: 31337,
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      amount: '1.5',
      symbol: 'ETH',
      submittedAt: 1_000 + n,
    }))
    createLatchStorage(storage).setPendingTransactions(entries)
    map.set(
      storageKeys.pendingTransactions,
      JSON.stringify([
        { hash: '0x12', chainId: 1 },
        ...JSON.parse(map.get(storageKeys.pendingTransactions) ?? '[]'),
      ]),
    )
    const reloaded = createLatchStorage(storage).getPendingTransactions()
    expect(reloaded).toHaveLength(99)
    expect(reloaded[0]).toEqual(entries[0])
    createLatchStorage(storage).setPendingTransactions([])
    expect(map.has(storageKeys.pendingTransactions)).toBe(false)
  })

  it('keeps one sign-in session per address, case-insensitively, and forgets it', () => {
    const { map, storage } = memory()
    const latch = createLatchStorage(storage)
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    latch.setSignInSession({ id: 's1', address, expiresAt: '2026-11-22T12:00:00.000Z' })
    latch.setSignInSession({ id: 's2', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    expect(latch.getSignInSession(address.toLowerCase())).toEqual({
      id: 's1',
      address,
      expiresAt: '2026-11-22T12:00:00.000Z',
    })
    latch.setSignInSession({ id: 's3', address })
    expect(latch.getSignInSession(address)?.id).toBe('s3')
    latch.removeSignInSession(address)
    expect(latch.getSignInSession(address)).toBeUndefined()
    latch.removeSignInSession('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
    expect(map.has(storageKeys.signInSessions)).toBe(false)
    map.set(storageKeys.signInSessions, '{"0xabc":{"id":7},"0xdef":null}')
    expect(latch.getSignInSession('0xabc')).toBeUndefined()
  })

  it('keeps the email of the last embedded-wallet sign-in, and forgets it', () => {
    const { map, storage } = memory()
    const latch = createLatchStorage(storage)
    expect(latch.getEmail()).toBeUndefined()
    latch.setEmail('ada@example.com')
    expect(map.get(storageKeys.email)).toBe('"ada@example.com"')
    expect(createLatchStorage(storage).getEmail()).toBe('ada@example.com')
    map.set(storageKeys.email, '42')
    expect(latch.getEmail()).toBeUndefined()
    latch.setEmail('ada@example.com')
    latch.removeEmail()
    expect(map.has(storageKeys.email)).toBe(false)
  })

  it('keeps the social username of the last embedded-wallet sign-in, and forgets it', () => {
    const { map, storage } = memory()
    const latch = createLatchStorage(storage)
    expect(latch.getSocialUsername()).toBeUndefined()
    latch.setSocialUsername('ada')
    expect(map.get(storageKeys.socialUsername)).toBe('"ada"')
    expect(createLatchStorage(storage).getSocialUsername()).toBe('ada')
    map.set(storageKeys.socialUsername, '{"x":1}')
    expect(latch.getSocialUsername()).toBeUndefined()
    latch.setSocialUsername('ada')
    latch.removeSocialUsername()
    expect(map.has(storageKeys.socialUsername)).toBe(false)
  })

  it('works in memory when the host has no storage', () => {
    const latch = createLatchStorage(createMemoryStorage())
    latch.setActiveCaipNetworkId('eip155:1')
    expect(latch.getActiveCaipNetworkId()).toBe('eip155:1')
    expect(createLatchStorage().getActiveCaipNetworkId()).toBeUndefined()
  })
})
