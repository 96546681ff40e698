import { IDBFactory } from 'fake-indexeddb'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { expect, test } from 'vitest'
import {
  createDeviceShareStore,
  deviceKeysStoreName,
  deviceSharesStoreName,
} from './createDeviceShareStore.ts'
import { openAuthDatabase } from './openAuthDatabase.ts'
import { requestResult } from './requestResult.ts'
import { splitKey } from './splitKey.ts'

async function setup() {
  const idb = new IDBFactory()
  const privateKey = generatePrivateKey()
  const address = privateKeyToAddress(privateKey)
  const { deviceShare } = await splitKey(privateKey)
  return { idb, address, deviceShare, store: createDeviceShareStore(idb) }
}

async function readRaw(idb: IDBFactory, storeName: string, key: string): Promise<unknown> {
  const db = await openAuthDatabase({ idb, stores: [storeName] })
  try {
    return await requestResult(db.transaction(storeName).objectStore(storeName).get(key))
  } finally {
    db.close()
  }
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  return Buffer.from(haystack).includes(Buffer.from(needle))
}

test('save then load gives the share back, across store instances and address case', async () => {
  const { idb, address, deviceShare, store } = await setup()
  expect(await store.load(address)).toBeUndefined()
  await store.save(address, deviceShare)
  expect(await store.load(address)).toEqual(deviceShare)
  // A reload: a new store over the same database.
  const reloaded = createDeviceShareStore(idb)
  expect(await reloaded.load(address.toLowerCase() as typeof address)).toEqual(deviceShare)
})

test('the share is stored only encrypted: the raw record does not hold its bytes', async () => {
  const { idb, address, deviceShare, store } = await setup()
  await store.save(address, deviceShare)
  const record = (await readRaw(idb, deviceSharesStoreName, address.toLowerCase())) as Record<
    string,
    unknown
  >
  expect(Object.keys(record).sort()).toEqual(['ciphertext', 'iv', 'version'])
  expect(record.ciphertext).toBeInstanceOf(Uint8Array)
  const ciphertext = record.ciphertext as Uint8Array
  // 33 share bytes + the 16-byte GCM tag.
  expect(ciphertext.length).toBe(49)
  expect(contains(ciphertext, deviceShare)).toBe(false)
  expect(contains(ciphertext, deviceShare.subarray(0, 8))).toBe(false)
  expect(JSON.stringify(record)).not.toContain(Buffer.from(deviceShare).toString('hex'))
})

test('the wrapping key is a non-extractable AES-GCM CryptoKey: exportKey rejects', async () => {
  const { idb, address, deviceShare, store } = await setup()
  await store.save(address, deviceShare)
  const key = await readRaw(idb, deviceKeysStoreName, 'wrappingKey')
  expect(key).toBeInstanceOf(CryptoKey)
  const cryptoKey = key as CryptoKey
  expect(cryptoKey.extractable).toBe(false)
  expect(cryptoKey.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
  await expect(crypto.subtle.exportKey('raw', cryptoKey)).rejects.toThrow()
  await expect(crypto.subtle.exportKey('jwk', cryptoKey)).rejects.toThrow()
})

test('one wrapping key serves every address; each record is bound to its address', async () => {
  const { idb, address, deviceShare, store } = await setup()
  const other = await setup()
  await store.save(address, deviceShare)
  await store.save(other.address, other.deviceShare)
  expect(await store.load(other.address)).toEqual(other.deviceShare)
  // A record copied under another address does not unwrap (the address is associated data).
  const record = await readRaw(idb, deviceSharesStoreName, address.toLowerCase())
  const db = await openAuthDatabase({ idb, stores: [deviceSharesStoreName] })
  const transaction = db.transaction(deviceSharesStoreName, 'readwrite')
  await requestResult(
    transaction.objectStore(deviceSharesStoreName).put(record, other.address.toLowerCase()),
  )
  db.close()
  expect(await store.load(other.address)).toBeUndefined()
  expect(await store.load(address)).toEqual(deviceShare)
})

test('an altered record or a lost wrapping key reads as no share', async () => {
  const { idb, address, deviceShare, store } = await setup()
  await store.save(address, deviceShare)
  const db = await openAuthDatabase({ idb, stores: [deviceSharesStoreName, deviceKeysStoreName] })
  const id = address.toLowerCase()
  const record = (await requestResult(
    db.transaction(deviceSharesStoreName).objectStore(deviceSharesStoreName).get(id),
  )) as { ciphertext: Uint8Array }
  record.ciphertext[0] = (record.ciphertext[0] ?? 0) ^ 1
  await requestResult(
    db
      .transaction(deviceSharesStoreName, 'readwrite')
      .objectStore(deviceSharesStoreName)
      .put(record, id),
  )
  expect(await store.load(address)).toBeUndefined()
  await store.save(address, deviceShare)
  expect(await store.load(address)).toEqual(deviceShare)
  await requestResult(
    db.transaction(deviceKeysStoreName, 'readwrite').objectStore(deviceKeysStoreName).clear(),
  )
  db.close()
  expect(await store.load(address)).toBeUndefined()
})

test('remove and clear forget the share (and clear the wrapping key)', async () => {
  const { idb, address, deviceShare, store } = await setup()
  await store.save(address, deviceShare)
  await store.remove(address)
  expect(await store.load(address)).toBeUndefined()
  await store.save(address, deviceShare)
  await store.clear()
  expect(await store.load(address)).toBeUndefined()
  expect(await readRaw(idb, deviceKeysStoreName, 'wrappingKey')).toBeUndefined()
})

test('concurrent first saves agree on one wrapping key', async () => {
  const { idb, address, deviceShare } = await setup()
  const other = await setup()
  const a = createDeviceShareStore(idb)
  const b = createDeviceShareStore(idb)
  await Promise.all([a.save(address, deviceShare), b.save(other.address, other.deviceShare)])
  expect(await a.load(other.address)).toEqual(other.deviceShare)
  expect(await b.load(address)).toEqual(deviceShare)
})

test('shares the latch-auth database with other stores, adding its own without losing theirs', async () => {
  const { idb, address, deviceShare } = await setup()
  const session = await openAuthDatabase({ idb, stores: ['session'] })
  await requestResult(
    session.transaction('session', 'readwrite').objectStore('session').put('t', 'token'),
  )
  // The session connection stays open: it closes itself on the upgrade that adds our stores.
  const store = createDeviceShareStore(idb)
  await store.save(address, deviceShare)
  expect(await readRaw(idb, 'session', 'token')).toBe('t')
  expect(await store.load(address)).toEqual(deviceShare)
  // And a store added later by another module does not break our open connection.
  const later = await openAuthDatabase({ idb, stores: ['later'] })
  later.close()
  expect(await store.load(address)).toEqual(deviceShare)
})

test('refuses a share of the wrong length and an invalid address', async () => {
  const { address, store } = await setup()
  await expect(store.save(address, new Uint8Array(32))).rejects.toThrowErrorMatchingInlineSnapshot(
    `[InvalidShareError: The key share is invalid: expected 33 bytes.]`,
  )
  await expect(store.load('0x1234' as never)).rejects.toThrow(TypeError)
})

test('without IndexedDB (none in Node, or storage blocked) it fails with DeviceStorageError', async () => {
  const { address } = await setup()
  expect(globalThis.indexedDB).toBeUndefined()
  await expect(createDeviceShareStore().load(address)).rejects.toThrowErrorMatchingInlineSnapshot(
    `[DeviceStorageError: The browser storage of the embedded wallet is unavailable.]`,
  )
})
