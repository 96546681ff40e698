/** The frame's session with the API, kept across reloads in the frame's own IndexedDB. */
export type StoredSession = {
  token: string
  /** ISO 8601, from the API. */
  expiresAt: string
  email: string
  /** The wallet's address once it exists (or was recovered) on this device. */
  address?: string | undefined
}

export type SessionStore = {
  /** This browser's device id (32 lowercase hex), created on first use and kept after sign-out. */
  getDeviceId(): Promise<string>
  getSession(): Promise<StoredSession | undefined>
  setSession(session: StoredSession): Promise<void>
  /** Forgets the session (sign-out, expiry); the device id and the device share stay. */
  clearSession(): Promise<void>
}

/** Its own database, beside the key module's ('latch-auth'), so neither upgrades the other. */
const databaseName = 'latch-auth-session'
const storeName = 'state'

const request = <value>(req: IDBRequest<value>) =>
  new Promise<value>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })

/** The frame's session store over IndexedDB (a fake one in tests). */
export function createSessionStore(idb: IDBFactory = indexedDB): SessionStore {
  let opened: Promise<IDBDatabase> | undefined
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = idb.open(databaseName, 1)
      req.onupgradeneeded = () => req.result.createObjectStore(storeName)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    return opened
  }
  async function get<value>(key: string): Promise<value | undefined> {
    const db = await open()
    return request(db.transaction(storeName).objectStore(storeName).get(key)) as Promise<
      value | undefined
    >
  }
  async function put(key: string, value: unknown): Promise<void> {
    const db = await open()
    await request(db.transaction(storeName, 'readwrite').objectStore(storeName).put(value, key))
  }

  return {
    async getDeviceId() {
      const existing = await get<string>('deviceId')
      if (existing) return existing
      const bytes = crypto.getRandomValues(new Uint8Array(16))
      const deviceId = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
      await put('deviceId', deviceId)
      return deviceId
    },
    getSession: () => get<StoredSession>('session'),
    setSession: (session) => put('session', session),
    async clearSession() {
      const db = await open()
      await request(db.transaction(storeName, 'readwrite').objectStore(storeName).delete('session'))
    },
  }
}
