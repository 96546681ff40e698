import type { SignInMethod } from '@latch/api-contract'

/** What a one-time code (or a device link's token) is for. */
export type CodePurpose =
  | 'login'
  | 'device'
  | 'email_update_primary'
  | 'email_update_secondary'
  | 'export'

export type EmbeddedUserRecord = { id: string; email: string | null; createdAt: Date }

/** A way in to a user besides its email (0014): the provider's stable subject. */
export type EmbeddedIdentityRecord = {
  provider: Exclude<SignInMethod, 'email'>
  subject: string
  userId: string
  username: string | null
  email: string | null
}

/** A started social (OAuth) or Farcaster sign-in: single use, bound to one frame. */
export type SocialFlowRecord = {
  /** The OAuth `state`, or the Farcaster channel id. */
  id: string
  kind: 'oauth' | 'farcaster'
  provider: Exclude<SignInMethod, 'email'>
  projectId: string
  deviceId: string
  flowSecretHash: string
  nonce: string | null
  codeVerifier: string | null
  channelToken: string | null
  appOrigin: string | null
  returnUrl: string | null
  mode: 'popup' | 'redirect' | null
  linkUserId: string | null
  expiresAt: Date
  usedAt: Date | null
  createdAt: Date
}

export type NewSocialFlow = Omit<SocialFlowRecord, 'usedAt'>

export type EmbeddedWalletRecord = {
  userId: string
  /** EIP-55 checksummed. */
  address: string
  /** `v1:` + base64 of the AES-256-GCM nonce, ciphertext and tag. */
  authShareEncrypted: string
  sealedRecoveryShare: string
}

export type EmbeddedCodeRecord = {
  id: string
  purpose: CodePurpose
  email: string
  userId: string | null
  deviceId: string | null
  flowId: string | null
  codeHash: string
  attempts: number
  expiresAt: Date
  usedAt: Date | null
  createdAt: Date
}

export type NewEmbeddedCode = Omit<EmbeddedCodeRecord, 'attempts' | 'usedAt'>

export type EmbeddedSessionRecord = {
  id: string
  userId: string
  /** How it was opened (0014); with the identity's subject for a social one. */
  method: SignInMethod
  identitySubject: string | null
  deviceId: string
  projectId: string
  expiresAt: Date
  revokedAt: Date | null
  createdAt: Date
}

export type ClaimCooldownResult =
  | { claimed: true; previous: Date | null }
  | { claimed: false; lastSentAt: Date }

export type SignInResult =
  | { status: 'signedIn'; user: EmbeddedUserRecord }
  | { status: 'deviceNotApproved' }

/**
 * Where the embedded wallet's users, devices, codes, sessions and wallets are kept (the
 * database, shared by every API process). Times come from the caller's clock.
 */
export type EmbeddedWalletStore = {
  findUserByEmail(email: string): Promise<EmbeddedUserRecord | undefined>
  getUser(id: string): Promise<EmbeddedUserRecord | undefined>
  getWallet(userId: string): Promise<EmbeddedWalletRecord | undefined>
  /** Whether the user's device is approved: `undefined` when the device is unknown. */
  getDevice(input: {
    userId: string
    deviceId: string
  }): Promise<{ approvedAt: Date | null } | undefined>
  /**
   * Takes the cooldown of `key` when its last email is `cooldownMs` old or more (atomically:
   * of two racing claims one wins); otherwise answers when the last email went.
   */
  claimCooldown(input: { key: string; now: Date; cooldownMs: number }): Promise<ClaimCooldownResult>
  /** Gives a claimed cooldown back (the email could not be sent): `previous` or none again. */
  releaseCooldown(input: { key: string; previous: Date | null }): Promise<void>
  clearCooldown(key: string): Promise<void>
  /**
   * Stores a code, spending the older unused codes of the same purpose for the same address
   * (or user): only the newest one works. Sweeps codes expired for a day now and then.
   */
  addCode(code: NewEmbeddedCode): Promise<void>
  deleteCode(id: string): Promise<void>
  /** The newest code of that purpose for the address or the user, used or not. */
  latestCode(
    input: { purpose: CodePurpose } & ({ email: string } | { userId: string }),
  ): Promise<EmbeddedCodeRecord | undefined>
  /**
   * Spends one try of the code, atomically, before it is compared: answers the tries spent
   * now, or undefined when it is used, expired or out of tries (so parallel guesses are
   * counted too).
   */
  takeTry(input: { id: string; now: Date; maxAttempts: number }): Promise<number | undefined>
  /** Marks the code used; false when another request used it first. */
  useCode(input: { id: string; now: Date }): Promise<boolean>
  findCodeByHash(input: {
    purpose: CodePurpose
    codeHash: string
  }): Promise<EmbeddedCodeRecord | undefined>
  /**
   * Records a not yet approved device of the user, keeping at most `maxDevices` waiting ones
   * (approved devices are never evicted by this).
   */
  addPendingDevice(input: {
    userId: string
    deviceId: string
    now: Date
    maxDevices: number
  }): Promise<void>
  approveDevice(input: { userId: string; deviceId: string; now: Date }): Promise<void>
  /**
   * Signs in by email in one transaction: creates the user when new, approves the device when
   * the user has no wallet yet (a known user's device must be approved already), and stores the
   * session, keeping at most `maxDevices` devices and `maxSessions` open sessions per user.
   */
  signIn(input: {
    email: string
    newUserId: string
    deviceId: string
    projectId: string
    session: { id: string; tokenHash: string; expiresAt: Date }
    now: Date
    maxDevices: number
    maxSessions: number
  }): Promise<SignInResult>
  /** The session with that token hash, if any (revoked and expired ones too). */
  getSessionByTokenHash(tokenHash: string): Promise<EmbeddedSessionRecord | undefined>
  revokeSession(input: { id: string; now: Date }): Promise<void>
  /** Stores the user's wallet; false when it already has one (nothing is replaced). */
  createWallet(wallet: EmbeddedWalletRecord): Promise<boolean>
  /** Changes the user's email; `taken` when another user has it. */
  updateEmail(input: { userId: string; email: string }): Promise<'updated' | 'taken'>

  // Social and Farcaster sign-in (0014).
  /**
   * Stores a started flow, keeping at most `maxPerDevice` unfinished ones of its kind per
   * device (older ones are dropped). Sweeps flows expired for a day now and then.
   */
  addSocialFlow(flow: NewSocialFlow & { maxPerDevice: number }): Promise<void>
  /** The flow with that id, used or not (expired ones too): the caller checks. */
  getSocialFlow(id: string): Promise<SocialFlowRecord | undefined>
  /** Marks the flow used; false when another request used it first (single use). */
  useSocialFlow(input: { id: string; now: Date }): Promise<boolean>
  getIdentity(input: {
    provider: EmbeddedIdentityRecord['provider']
    subject: string
  }): Promise<EmbeddedIdentityRecord | undefined>
  /**
   * Signs in with a social identity in one transaction: the identity's user, or a new user
   * (email null: a provider's email never joins two accounts) with the identity; the device is
   * approved (the provider proved the person; a new device still needs the recovery
   * passphrase to open the wallet); the username and email seen are refreshed; the session is
   * stored with `method` = the provider and the subject, within the same caps as email's.
   */
  signInWithIdentity(input: {
    identity: Omit<EmbeddedIdentityRecord, 'userId'>
    newUserId: string
    deviceId: string
    projectId: string
    session: { id: string; tokenHash: string; expiresAt: Date }
    now: Date
    maxDevices: number
    maxSessions: number
  }): Promise<{ user: EmbeddedUserRecord; identity: EmbeddedIdentityRecord }>
  /** Links an identity to a signed-in user; `taken` when it belongs to another user. */
  linkIdentity(input: { identity: EmbeddedIdentityRecord; now: Date }): Promise<'linked' | 'taken'>
}
