import { DeviceStorageError } from '../errors/keys.ts'

/** The frame's own IndexedDB database, on the auth site's origin. */
export const authDatabaseName = 'latch-auth'

export type OpenAuthDatabaseParameters = {
  idb: IDBFactory
  /** The object stores this caller needs; they are created when missing. */
  stores: readonly string[]
  /** `latch-auth` unless a test isolates itself. */
  name?: string | undefined
}

/**
 * Opens the frame's IndexedDB database and makes sure the caller's object stores exist.
 * Several modules share the database, each with its own stores, so none of them owns the
 * version number: a missing store is added by reopening at the current version + 1. The
 * connection closes itself when another one needs to upgrade (`versionchange`), so the
 * caller should open again when a closed connection throws (see `createDeviceShareStore`).
 */
export async function openAuthDatabase(
  parameters: OpenAuthDatabaseParameters,
): Promise<IDBDatabase> {
  const { idb, stores, name = authDatabaseName } = parameters
  try {
    // A second tab may upgrade between our two opens (VersionError): start again.
    for (let attempt = 0; ; attempt++) {
      const db = await open(idb, name, undefined, stores)
      const missing = stores.filter((store) => !db.objectStoreNames.contains(store))
      if (missing.length === 0) return db
      const version = db.version
      db.close()
      try {
        return await open(idb, name, version + 1, stores)
      } catch (error) {
        if (attempt >= 2 || !(error instanceof DOMException && error.name === 'VersionError')) {
          throw error
        }
      }
    }
  } catch (cause) {
    throw new DeviceStorageError({ cause })
  }
}

function open(
  idb: IDBFactory,
  name: string,
  version: number | undefined,
  stores: readonly string[],
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = version === undefined ? idb.open(name) : idb.open(name, version)
    request.onupgradeneeded = () => {
      const db = request.result
      for (const store of stores) {
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store)
      }
    }
    request.onsuccess = () => {
      const db = request.result
      db.onversionchange = () => db.close()
      resolve(db)
    }
    request.onerror = () => reject(request.error)
  })
}
