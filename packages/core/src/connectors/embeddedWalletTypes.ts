import type { SocialProvider } from '../options/createLatchOptions.ts'
import type { FetchLike, Scheduler, Unsubscribe } from '../types.ts'
import type { FrameWindowLike } from './createFrameTransport.ts'

/** What the embedded wallet needs to reach its frame and describe the app to it. */
export type EmbeddedWalletClientParameters = {
  /** The auth site (LATCH_AUTH_URL), e.g. "http://127.0.0.1:4177". */
  authUrl: string
  projectId: string
  /** The API, whose JSON-RPC endpoint answers the reads. */
  apiUrl: string
  /** The app's chain ids: the frame signs for these only; the first is the default. */
  chainIds: readonly number[]
  /**
   * The app's Solana networks (CAIP-2 id and the page's Solana RPC, none when the page has
   * none): with any, the wallet also has a Solana account, derived in the frame.
   */
  solanaNetworks?: readonly { caipNetworkId: string; rpcUrl?: string | undefined }[] | undefined
  /** How the app introduces itself in the frame's confirmations. */
  metadata: { name: string; description?: string | undefined; url: string; icons: string[] }
  /** The page's colour mode, sent to the frame so its dialogs match. Default light. */
  themeMode?: (() => 'light' | 'dark') | undefined
  sdkVersion?: string | undefined
  /** Spec section 5: a new email attempt within this many ms is refused (default 30 s). */
  emailCooldownMs?: number | undefined
  window?: FrameWindowLike | undefined
  scheduler?: Scheduler | undefined
  fetch?: FetchLike | undefined
  /** The clock of the email cooldown; default `Date.now`. */
  now?: (() => number) | undefined
  /**
   * The social sign-ins the auth backend offers (the web config's `socials`); the Connect view
   * shows the app's `options.socials` among these only. Default none.
   */
  socials?: readonly SocialProvider[] | undefined
}

/** The OAuth 2 / OpenID Connect providers (spec section 5); Farcaster signs in apart. */
export type SocialOAuthProvider = Exclude<SocialProvider, 'farcaster'>

/** How the person signed in to the embedded wallet. */
export type EmbeddedSignInMethod = 'email' | SocialProvider

/** The embedded wallet's two accounts (spec section 3): the key's own, and its smart account. */
export type EmbeddedAccountType = 'eoa' | 'smartAccount'

/** One of the user's accounts, EIP-55 checksummed. */
export type EmbeddedWalletAccount = { readonly address: string; readonly type: EmbeddedAccountType }

/** The signed-in person of the embedded wallet (spec section 3, Auth user). */
export type EmbeddedWalletUser = {
  /** Null for a social account that shared no email. */
  readonly email: string | null
  /** The social username of this sign-in (null for email). */
  readonly username: string | null
  readonly signInMethod: EmbeddedSignInMethod
  /** The account the app uses now: the one of `preferredAccountType` when the frame has it. */
  readonly address: string
  readonly chainId: number
  /** The account the wallet signs and sends with (smart account by default where enabled). */
  readonly preferredAccountType: EmbeddedAccountType
  /** Every account of the user (the EOA; the smart account on networks that have one). */
  readonly accounts: readonly EmbeddedWalletAccount[]
  /** The wallet's Solana account (base58), when the app has Solana networks. */
  readonly solanaAddress?: string | undefined
}

/** The next step of an email sign-in (spec section 5). */
export type EmbeddedEmailAction = 'VERIFY_DEVICE' | 'VERIFY_OTP'

/** The next step of an email change: a code to the current address, then to the new one. */
export type EmbeddedUpdateEmailAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/**
 * What an AUTH connector offers besides the connector interface: the email flow, the email
 * change and the key export, all run by the secure frame. Core's actions call these; views
 * call the actions.
 */
export type EmbeddedWalletApi = {
  /** Loads the frame's code and the frame (no request): call on the person's first intent. */
  preload(): Promise<void>
  /** Sends a code (or a device-approval link) to `email`; refused within 30 s of the last. */
  connectEmail(email: string): Promise<{ action: EmbeddedEmailAction }>
  /** After the device-approval link was followed: asks again; VERIFY_OTP once approved. */
  connectDevice(): Promise<{ action: EmbeddedEmailAction }>
  /** The 6-digit code from the email; then `connect` finishes the connection. */
  connectOtp(otp: string): Promise<{ action: 'CONNECT' }>
  updateEmail(email: string): Promise<{ action: EmbeddedUpdateEmailAction }>
  updateEmailPrimaryOtp(otp: string): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  updateEmailSecondaryOtp(otp: string): Promise<{ email: string }>
  /**
   * Starts a social sign-in: the provider's authorization URL, for the popup (`mode` popup) or
   * a redirect of the page (popups blocked), which comes back to `returnUrl`.
   */
  getSocialRedirectUri(
    provider: SocialOAuthProvider,
    mode: 'popup' | 'redirect',
    returnUrl: string,
  ): Promise<{ uri: string }>
  /** Finishes it with the provider's answer (the callback's query string); then `connect`. */
  connectSocial(provider: SocialOAuthProvider, search: string): Promise<{ action: 'CONNECT' }>
  /** Opens a Farcaster sign-in: the relay channel's URL, for the QR code and the deep link. */
  getFarcasterUri(): Promise<{ url: string }>
  /** Waits (up to 10 minutes) until the Farcaster client signed; then `connect`. */
  connectFarcaster(): Promise<{ action: 'CONNECT' }>
  /**
   * Drops the frame (a pending call ends with `EmbeddedWalletAbortedError`); the next call
   * loads a fresh one. Spec section 2: after leaving Farcaster sign-in.
   */
  reload(): void
  /** The social sign-ins the auth backend offers. */
  readonly socials: readonly SocialProvider[]
  /** Shows the private key inside the frame after a fresh code; it never reaches the page. */
  exportKey(): Promise<void>
  /**
   * Switches the account the wallet uses (spec section 3, preferred account type); the
   * connection follows the new address (`accountsChanged`). A smart account on a network
   * without one: 'This application might not support Smart Accounts'.
   */
  setPreferredAccountType(type: EmbeddedAccountType): Promise<EmbeddedWalletUser>
  /** The app's networks on which the wallet offers a smart account. */
  getSmartAccountEnabledNetworks(): Promise<readonly number[]>
  /** The signed-in user, once known. */
  getUser(): EmbeddedWalletUser | undefined
  onUserChanged(listener: (user: EmbeddedWalletUser | undefined) => void): Unsubscribe
  /** Milliseconds until a new email may be sent (0: now). */
  getEmailCooldownMs(): number
}
