/** A stored sign-in session (a row of `sessions`). */
export type SessionRecord = {
  id: string
  projectId: string
  /** EIP-55 checksummed for EVM; a Solana (base58) or Bitcoin address as signed otherwise. */
  address: string
  /** The EIP-155 chain id of an EVM session; null for Solana and Bitcoin. */
  chainId: number | null
  /** The CAIP-2 id of the signed message's chain (`eip155:1`, `solana:...`, `bip122:...`). */
  caipNetworkId: string
  domain: string
  uri: string
  /** The signed message's nonce. */
  nonce: string
  issuedAt: Date
  expiresAt: Date
  revokedAt: Date | null
  /** The signed EIP-4361 (or CAIP-122) message and its signature, kept as the proof of the sign-in. */
  message: string
  signature: string
  createdAt: Date
}

/** What storing a session takes; the store fills in `revokedAt` and `createdAt`. */
export type NewSession = Omit<SessionRecord, 'revokedAt' | 'createdAt'>

/**
 * What a nonce is to a project: `usable`, `used` (it already opened a session), `expired`, or
 * `unknown` (never handed out to this project, or long forgotten).
 */
export type NonceState = 'usable' | 'used' | 'expired' | 'unknown'

export type AddNonceResult = { added: true } | { added: false; retryAfterMs: number }

export type CreateSessionResult =
  | { status: 'created'; session: SessionRecord }
  | { status: Exclude<NonceState, 'usable'> }

/**
 * Where sign-in nonces and sessions are kept (the database, so they survive restarts and are
 * shared by every API process). Expiry is judged by the store's clock (the database's).
 */
export type SessionStore = {
  /**
   * Remembers a nonce handed out to the project, usable for `ttlMs`, unless the project already
   * holds `maxOutstanding` unused, unexpired nonces: then nothing is stored and the answer says
   * when the first of them expires.
   */
  addNonce(input: {
    projectId: string
    nonce: string
    ttlMs: number
    maxOutstanding?: number | undefined
  }): Promise<AddNonceResult>
  /** Deletes the unused nonces that have expired; answers how many. */
  sweepExpiredNonces(): Promise<number>
  getNonceState(input: { projectId: string; nonce: string }): Promise<NonceState>
  /**
   * Consumes the session's nonce and stores the session, atomically: of two sign-ins with one
   * nonce, one is created and the other answered `used`. Stores nothing unless the nonce is
   * usable.
   */
  create(session: NewSession): Promise<CreateSessionResult>
  get(input: { projectId: string; id: string }): Promise<SessionRecord | undefined>
  /** The address's sessions in the project that are neither revoked nor expired, newest first. */
  listActive(input: { projectId: string; address: string }): Promise<SessionRecord[]>
  /** Marks the session revoked (keeping the first revocation time); false when there is none. */
  revoke(input: { projectId: string; id: string }): Promise<boolean>
}
