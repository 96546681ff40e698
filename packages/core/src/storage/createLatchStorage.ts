import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import { pendingTransactionsLimit } from '../timings.ts'
import {
  type PendingTransaction,
  toPendingTransaction,
} from '../transactions/PendingTransaction.ts'
import type { KeyValueStorage } from '../types.ts'

/** A wallet the person connected lately (spec section 3, Wallet listing, the fields a view needs). */
export type RecentWallet = {
  /** Wallet listing id, or the rdns of an announced wallet without a listing. */
  readonly id: string
  readonly name: string
  readonly icon?: string | undefined
  readonly rdns?: string | undefined
  readonly mobile_link?: string | undefined
  readonly desktop_link?: string | undefined
  readonly webapp_link?: string | undefined
}

/** A wallet listing or announced wallet to remember; `null` links (as the listing API sends) are dropped. */
export type RecentWalletInput = {
  readonly [K in keyof RecentWallet]: RecentWallet[K] | null
} & { readonly id: string; readonly name: string }

/** The connector connected per chain namespace, e.g. `{ eip155: "io.metamask" }`. */
export type ConnectedConnectorIds = Readonly<Partial<Record<string, string>>>

/** A sign-in-with-wallet session this browser holds (its id and whose it is). */
export type StoredSignInSession = {
  readonly id: string
  /** The signed-in address, as the wallet gave it. */
  readonly address: string
  /** ISO 8601; the session is not used after it. */
  readonly expiresAt?: string | undefined
}

/** Latch's persisted data over a `KeyValueStorage`; never throws, corrupt values read as absent. */
export type LatchStorage = {
  /** The last used chain, as a CAIP-2 id. */
  getActiveCaipNetworkId(): CaipNetworkId | undefined
  setActiveCaipNetworkId(caipNetworkId: CaipNetworkId): void
  getConnectedConnectorIds(): ConnectedConnectorIds
  setConnectedConnectorId(namespace: string, connectorId: string): void
  /** Forgets one namespace's connector, or every one when `namespace` is omitted. */
  removeConnectedConnectorId(namespace?: string): void
  /** Newest first, at most `maxRecentWallets`. */
  getRecentWallets(): readonly RecentWallet[]
  /** Puts `wallet` first (replacing an entry with its id) and returns the new list. */
  addRecentWallet(wallet: RecentWalletInput): readonly RecentWallet[]
  /** The sign-in session held for `address` (case-insensitive), if any. */
  getSignInSession(address: string): StoredSignInSession | undefined
  /** Keeps `session` for its address (one per address). */
  setSignInSession(session: StoredSignInSession): void
  removeSignInSession(address: string): void
  /** Transactions sent and not yet settled, newest first (at most 99). */
  getPendingTransactions(): readonly PendingTransaction[]
  /** Replaces the pending transactions (an empty list removes the key). */
  setPendingTransactions(transactions: readonly PendingTransaction[]): void
  /** The email last used to sign in to the embedded wallet (spec section 3: local storage keeps email). */
  getEmail(): string | undefined
  setEmail(email: string): void
  removeEmail(): void
  /** The social username of the last embedded-wallet sign-in (spec section 3: social username). */
  getSocialUsername(): string | undefined
  setSocialUsername(username: string): void
  removeSocialUsername(): void
  /** Upgrades older data to the current keys; run once by `createLatchConfig`. */
  migrate(): void
}

/** Prefix of every Latch key (AppKit uses "@appkit/"; WalletConnect's own keys start "wc@2:"). */
export const storagePrefix = '@latch/'

export const storageKeys = {
  activeCaipNetworkId: `${storagePrefix}active_caip_network_id`,
  connectedConnectorIds: `${storagePrefix}connected_connector_ids`,
  recentWallets: `${storagePrefix}recent_wallets`,
  signInSessions: `${storagePrefix}sign_in_sessions`,
  pendingTransactions: `${storagePrefix}pending_transactions`,
  email: `${storagePrefix}email`,
  socialUsername: `${storagePrefix}social_username`,
  version: `${storagePrefix}storage_version`,
} as const

/**
 * The schema version this code writes; version 1 was the single `latch.v1.recentConnectorId`,
 * version 2 had no pending transactions (version 3 adds `@latch/pending_transactions`).
 */
export const storageVersion = 3

/** The version 1 key: the last connected connector id, plain text (read only by `migrate`). */
export const legacyRecentConnectorStorageKey = 'latch.v1.recentConnectorId'

/** Recent wallets remembered (spec section 9). */
export const maxRecentWallets = 2

const recentWalletFields = [
  'icon',
  'rdns',
  'mobile_link',
  'desktop_link',
  'webapp_link',
] as const satisfies readonly (keyof RecentWallet)[]

/** Keeps the known string fields of a stored or given wallet; undefined when it has no id or name. */
function toRecentWallet(value: unknown): RecentWallet | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const entry = value as Record<string, unknown>
  if (typeof entry.id !== 'string' || !entry.id || typeof entry.name !== 'string') return undefined
  const wallet: Record<string, string> = { id: entry.id, name: entry.name }
  for (const field of recentWalletFields) {
    const fieldValue = entry[field]
    if (typeof fieldValue === 'string' && fieldValue) wallet[field] = fieldValue
  }
  return wallet as RecentWallet
}

const isCaipNetworkId = (value: unknown): value is CaipNetworkId =>
  typeof value === 'string' && /^[-a-z0-9]{3,16}:[-_a-zA-Z0-9]{1,32}$/.test(value)

/** Storage that forgets everything: used when the host gives none (e.g. tests, server render). */
export function createMemoryStorage(): KeyValueStorage {
  const map = new Map<string, string>()
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

/**
 * Latch's persisted data (spec section 3, "Local storage keeps"): JSON values under
 * `@latch/` keys, with a schema version and a migration from version 1. Storage that throws
 * (a browser blocking `localStorage`) or holds corrupt JSON reads as empty.
 */
export function createLatchStorage(storage: KeyValueStorage = createMemoryStorage()): LatchStorage {
  function read(key: string): unknown {
    try {
      const raw = storage.getItem(key)
      return raw === null ? undefined : JSON.parse(raw)
    } catch {
      return undefined
    }
  }
  function write(key: string, value: unknown): void {
    try {
      storage.setItem(key, JSON.stringify(value))
    } catch {
      // Quota exceeded or storage blocked: Latch works without persistence.
    }
  }
  function remove(key: string): void {
    try {
      storage.removeItem(key)
    } catch {}
  }

  function getConnectedConnectorIds(): ConnectedConnectorIds {
    const value = read(storageKeys.connectedConnectorIds)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    )
  }

  function getSignInSessions(): Record<string, StoredSignInSession> {
    const value = read(storageKeys.signInSessions)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    const sessions: Record<string, StoredSignInSession> = {}
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      const session = entry as Record<string, unknown> | null
      if (typeof session?.id !== 'string' || typeof session.address !== 'string') continue
      sessions[key] = {
        id: session.id,
        address: session.address,
        ...(typeof session.expiresAt === 'string' ? { expiresAt: session.expiresAt } : {}),
      }
    }
    return sessions
  }

  function getRecentWallets(): readonly RecentWallet[] {
    const value = read(storageKeys.recentWallets)
    if (!Array.isArray(value)) return []
    return value
      .map(toRecentWallet)
      .filter((wallet) => wallet !== undefined)
      .slice(0, maxRecentWallets)
  }

  return {
    getActiveCaipNetworkId() {
      const value = read(storageKeys.activeCaipNetworkId)
      return isCaipNetworkId(value) ? value : undefined
    },
    setActiveCaipNetworkId: (caipNetworkId) =>
      write(storageKeys.activeCaipNetworkId, caipNetworkId),
    getConnectedConnectorIds,
    setConnectedConnectorId(namespace, connectorId) {
      write(storageKeys.connectedConnectorIds, {
        ...getConnectedConnectorIds(),
        [namespace]: connectorId,
      })
    },
    removeConnectedConnectorId(namespace) {
      const ids = { ...getConnectedConnectorIds() }
      if (namespace !== undefined) delete ids[namespace]
      if (namespace === undefined || Object.keys(ids).length === 0)
        remove(storageKeys.connectedConnectorIds)
      else write(storageKeys.connectedConnectorIds, ids)
    },
    getSignInSession: (address) => getSignInSessions()[address.toLowerCase()],
    setSignInSession(session) {
      write(storageKeys.signInSessions, {
        ...getSignInSessions(),
        [session.address.toLowerCase()]: session,
      })
    },
    removeSignInSession(address) {
      const sessions = getSignInSessions()
      delete sessions[address.toLowerCase()]
      if (Object.keys(sessions).length === 0) remove(storageKeys.signInSessions)
      else write(storageKeys.signInSessions, sessions)
    },
    getPendingTransactions() {
      const value = read(storageKeys.pendingTransactions)
      if (!Array.isArray(value)) return []
      return value
        .map(toPendingTransaction)
        .filter((entry) => entry !== undefined)
        .slice(0, pendingTransactionsLimit)
    },
    setPendingTransactions(transactions) {
      if (transactions.length === 0) remove(storageKeys.pendingTransactions)
      else write(storageKeys.pendingTransactions, transactions.slice(0, pendingTransactionsLimit))
    },
    getEmail() {
      const value = read(storageKeys.email)
      return typeof value === 'string' && value.length <= 254 && value.includes('@')
        ? value
        : undefined
    },
    setEmail: (email) => write(storageKeys.email, email),
    removeEmail: () => remove(storageKeys.email),
    getSocialUsername() {
      const value = read(storageKeys.socialUsername)
      return typeof value === 'string' && value.length > 0 && value.length <= 256
        ? value
        : undefined
    },
    setSocialUsername: (username) => write(storageKeys.socialUsername, username.slice(0, 256)),
    removeSocialUsername: () => remove(storageKeys.socialUsername),
    getRecentWallets,
    addRecentWallet(input) {
      const wallet = toRecentWallet(input)
      if (!wallet) return getRecentWallets()
      const wallets = [
        wallet,
        ...getRecentWallets().filter((entry) => entry.id !== wallet.id),
      ].slice(0, maxRecentWallets)
      write(storageKeys.recentWallets, wallets)
      return wallets
    },
    migrate() {
      const version = read(storageKeys.version)
      if (typeof version === 'number' && version >= storageVersion) return
      // Version 3: a pending-transactions value not written by this code (a list) is dropped.
      if (!Array.isArray(read(storageKeys.pendingTransactions)))
        remove(storageKeys.pendingTransactions)
      let legacyId: string | null = null
      try {
        legacyId = storage.getItem(legacyRecentConnectorStorageKey)
      } catch {}
      // Version 1 only ever connected EVM wallets.
      if (legacyId && !getConnectedConnectorIds().eip155)
        write(storageKeys.connectedConnectorIds, {
          ...getConnectedConnectorIds(),
          eip155: legacyId,
        })
      remove(legacyRecentConnectorStorageKey)
      write(storageKeys.version, storageVersion)
    },
  }
}
