import { type Address, isAddress } from 'viem'
import { DeviceStorageError, InvalidShareError } from '../errors/keys.ts'
import { openAuthDatabase } from './openAuthDatabase.ts'
import { requestResult } from './requestResult.ts'
import { shareLength } from './shareLength.ts'
import { transactionDone } from './transactionDone.ts'

/** The object store of wrapped device shares, keyed by the wallet's lower-case address. */
export const deviceSharesStoreName = 'deviceShares'
/** The object store holding the non-extractable wrapping key. */
export const deviceKeysStoreName = 'deviceKeys'
const wrappingKeyId = 'wrappingKey'

/** A device share as stored: only its AES-GCM ciphertext, bound to the address. */
export type WrappedDeviceShare = {
  version: 1
  iv: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
}

export type DeviceShareStore = {
  /** Wraps the share with this browser's non-extractable key and stores it for `address`. */
  save(address: Address, share: Uint8Array): Promise<void>
  /** The share for `address`, or `undefined` when this browser has none it can unwrap. */
  load(address: Address): Promise<Uint8Array | undefined>
  /** Forgets the share for `address`. */
  remove(address: Address): Promise<void>
  /** Forgets every share and the wrapping key. */
  clear(): Promise<void>
}

export type CreateDeviceShareStoreOptions = {
  /** `latch-auth` unless a test isolates itself. */
  databaseName?: string
  /** WebCrypto; `globalThis.crypto` by default. */
  crypto?: Crypto
}

/**
 * The device share's home: the frame's IndexedDB, where the share is stored only encrypted
 * (AES-256-GCM, the address as associated data) under a WebCrypto key created with
 * `extractable: false`. Script on the auth origin can use that key but never read its bytes,
 * and copying the database elsewhere gives ciphertext only.
 */
export function createDeviceShareStore(
  idb: IDBFactory = globalThis.indexedDB,
  options: CreateDeviceShareStoreOptions = {},
): DeviceShareStore {
  const webCrypto = options.crypto ?? globalThis.crypto
  const stores = [deviceSharesStoreName, deviceKeysStoreName] as const
  let database: Promise<IDBDatabase> | undefined

  function getDatabase(): Promise<IDBDatabase> {
    if (!idb) return Promise.reject(new DeviceStorageError())
    database ??= openAuthDatabase({ idb, stores, name: options.databaseName }).then(
      (db) => {
        const close = () => {
          db.close()
          database = undefined
        }
        db.onversionchange = close
        db.onclose = close
        return db
      },
      (error) => {
        database = undefined
        throw error
      },
    )
    return database
  }

  /** Runs `fn` in a transaction, reopening once if the cached connection was closed meanwhile. */
  async function withTransaction<T>(
    mode: IDBTransactionMode,
    fn: (transaction: IDBTransaction) => Promise<T> | T,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const db = await getDatabase()
      let transaction: IDBTransaction
      try {
        transaction = db.transaction([...stores], mode)
      } catch (error) {
        database = undefined
        if (attempt === 0 && error instanceof DOMException && error.name === 'InvalidStateError') {
          continue
        }
        throw new DeviceStorageError({ cause: error })
      }
      try {
        // Both settle (the transaction aborts when a request fails), so neither rejection is lost.
        const [result] = await Promise.all([fn(transaction), transactionDone(transaction)])
        return result
      } catch (cause) {
        throw new DeviceStorageError({ cause })
      }
    }
  }

  async function getOrCreateWrappingKey(): Promise<CryptoKey> {
    const existing = await withTransaction('readonly', (transaction) =>
      requestResult(transaction.objectStore(deviceKeysStoreName).get(wrappingKeyId)),
    )
    if (existing instanceof CryptoKey) return existing
    const created = await webCrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ])
    // Another tab may have stored one meanwhile: keep the first, in a single transaction.
    return withTransaction(
      'readwrite',
      (transaction) =>
        new Promise<CryptoKey>((resolve, reject) => {
          const keys = transaction.objectStore(deviceKeysStoreName)
          const request = keys.get(wrappingKeyId)
          request.onerror = () => reject(request.error)
          request.onsuccess = () => {
            if (request.result instanceof CryptoKey) {
              resolve(request.result)
            } else {
              keys.put(created, wrappingKeyId)
              resolve(created)
            }
          }
        }),
    )
  }

  return {
    async save(address, share) {
      const id = toId(address)
      if (!(share instanceof Uint8Array) || share.length !== shareLength) {
        throw new InvalidShareError(`expected ${shareLength} bytes`)
      }
      const key = await getOrCreateWrappingKey()
      const iv = webCrypto.getRandomValues(new Uint8Array(12))
      // A copy backed by a plain ArrayBuffer (WebCrypto's type), wiped once encrypted.
      const plaintext = share.slice()
      let ciphertext: Uint8Array<ArrayBuffer>
      try {
        ciphertext = new Uint8Array(
          await webCrypto.subtle.encrypt(
            { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(id) },
            key,
            plaintext,
          ),
        )
      } finally {
        plaintext.fill(0)
      }
      const record: WrappedDeviceShare = { version: 1, iv, ciphertext }
      await withTransaction('readwrite', (transaction) =>
        requestResult(transaction.objectStore(deviceSharesStoreName).put(record, id)),
      )
    },

    async load(address) {
      const id = toId(address)
      const [record, key] = await withTransaction('readonly', (transaction) =>
        Promise.all([
          requestResult(transaction.objectStore(deviceSharesStoreName).get(id)),
          requestResult(transaction.objectStore(deviceKeysStoreName).get(wrappingKeyId)),
        ]),
      )
      if (!isWrappedDeviceShare(record) || !(key instanceof CryptoKey)) return undefined
      try {
        const share = new Uint8Array(
          await webCrypto.subtle.decrypt(
            { name: 'AES-GCM', iv: record.iv, additionalData: new TextEncoder().encode(id) },
            key,
            record.ciphertext,
          ),
        )
        return share.length === shareLength ? share : undefined
      } catch {
        // Wrapped by a key this browser no longer has, or altered: as good as no share; the
        // frame recovers with the passphrase and saves a fresh one over it.
        return undefined
      }
    },

    async remove(address) {
      const id = toId(address)
      await withTransaction('readwrite', (transaction) =>
        requestResult(transaction.objectStore(deviceSharesStoreName).delete(id)),
      )
    },

    async clear() {
      await withTransaction('readwrite', (transaction) =>
        Promise.all([
          requestResult(transaction.objectStore(deviceSharesStoreName).clear()),
          requestResult(transaction.objectStore(deviceKeysStoreName).clear()),
        ]),
      )
    },
  }
}

function toId(address: Address): string {
  if (!isAddress(address, { strict: false })) throw new TypeError('Expected an EVM address.')
  return address.toLowerCase()
}

function isWrappedDeviceShare(value: unknown): value is WrappedDeviceShare {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Partial<WrappedDeviceShare>
  return (
    record.version === 1 &&
    record.iv instanceof Uint8Array &&
    record.ciphertext instanceof Uint8Array
  )
}
