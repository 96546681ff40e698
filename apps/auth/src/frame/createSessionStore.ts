import type { SignInMethod, SocialProvider } from '@latch/api-contract'

/** The frame's session with the API, kept across reloads in the frame's own IndexedDB. */
export type StoredSession = {
  token: string
  /** ISO 8601, from the API. */
  expiresAt: string
  /** Null for a social account that shared no email. */
  email: string | null
  /** The social username this session signed in with (null for email). */
  username: string | null
  signInMethod: SignInMethod
  /** The wallet's address once it exists (or was recovered) on this device. */
  address?: string | undefined
}

/** A social sign-in this frame started (`getSocialRedirectUri`), until `connectSocial`. */
export type SocialFlow = {
  /** The flow secret (base64url): only its SHA-256 went to the API so far. */
  secret: string
  provider: SocialProvider
  /** The API's OAuth state for it: the provider's answer must carry the same. */
  state: string
  /** Epoch ms. */
  createdAt: number
}

/** A Farcaster sign-in this frame started (`getFarcasterUri`), until `connectFarcaster`. */
export type FarcasterFlow = {
  secret: string
  channelId: string
  /** ISO 8601: the relay channel's end, from the API. */
  expiresAt: string
  /** Epoch ms. */
  createdAt: number
}

/** The sign-ins in progress, one of each kind at a time. */
export type StoredFlows = { social: SocialFlow; farcaster: FarcasterFlow }

export type SessionStore = {
  /** Whether what it keeps outlives the page (false: the in-memory fallback). */
  readonly persistent: boolean
  /** This browser's device id (32 lowercase hex), created on first use and kept after sign-out. */
  getDeviceId(): Promise<string>
  getSession(): Promise<StoredSession | undefined>
  setSession(session: StoredSession): Promise<void>
  /** Forgets the session (sign-out, expiry); the device id and the device share stay. */
  clearSession(): Promise<void>
  getFlow<kind extends keyof StoredFlows>(kind: kind): Promise<StoredFlows[kind] | undefined>
  /** Replaces the flow of that kind (a new sign-in forgets the one before). */
  setFlow<kind extends keyof StoredFlows>(kind: kind, flow: StoredFlows[kind]): Promise<void>
  clearFlow(kind: keyof StoredFlows): Promise<void>
  /** The account type the person chose for this wallet (by its EOA); kept after sign-out. */
  getPreferredAccountType(owner: string): Promise<AccountType | undefined>
  setPreferredAccountType(owner: string, type: AccountType): Promise<void>
}

/** The embedded wallet's two accounts: its key's own (EOA) and the smart account it owns. */
export type AccountType = 'eoa' | 'smartAccount'
const preferenceKey = (owner: string) => `preferredAccountType:${owner.toLowerCase()}`
const readAccountType = (value: unknown): AccountType | undefined =>
  value === 'eoa' || value === 'smartAccount' ? value : undefined

/** Its own database, beside the key module's ('latch-auth'), so neither upgrades the other. */
const databaseName = 'latch-auth-session'
const storeName = 'state'
const flowKeys = { social: 'socialFlow', farcaster: 'farcasterFlow' } as const

const request = <value>(req: IDBRequest<value>) =>
  new Promise<value>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })

/**
 * A session stored before sign-in methods existed (issue 12: email only) reads as an email
 * session without a username.
 */
export function readStoredSession(value: unknown): StoredSession | undefined {
  if (!value || typeof value !== 'object') return undefined
  const session = value as Partial<StoredSession>
  if (typeof session.token !== 'string' || typeof session.expiresAt !== 'string') return undefined
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    email: typeof session.email === 'string' ? session.email : null,
    username: typeof session.username === 'string' ? session.username : null,
    signInMethod: session.signInMethod ?? 'email',
    address: typeof session.address === 'string' ? session.address : undefined,
  }
}

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
  async function remove(key: string): Promise<void> {
    const db = await open()
    await request(db.transaction(storeName, 'readwrite').objectStore(storeName).delete(key))
  }

  return {
    persistent: true,
    async getDeviceId() {
      const existing = await get<string>('deviceId')
      if (existing) return existing
      const bytes = crypto.getRandomValues(new Uint8Array(16))
      const deviceId = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
      await put('deviceId', deviceId)
      return deviceId
    },
    getSession: async () => readStoredSession(await get('session')),
    setSession: (session) => put('session', session),
    clearSession: () => remove('session'),
    getFlow: (kind) => get(flowKeys[kind]),
    setFlow: (kind, flow) => put(flowKeys[kind], flow),
    clearFlow: (kind) => remove(flowKeys[kind]),
    getPreferredAccountType: async (owner) => readAccountType(await get(preferenceKey(owner))),
    setPreferredAccountType: (owner, type) => put(preferenceKey(owner), type),
  }
}
