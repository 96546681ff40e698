import type {
  FrameEvent,
  FrameMethod,
  FrameRequestParams,
  FrameResult,
  WalletCallsStatus,
} from '@latch/api-contract'
import type { Client, Hex } from 'viem'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import type { AuthApiClient } from './createAuthApiClient.ts'
import type { SessionStore } from './createSessionStore.ts'
import type { FrameConfig } from './frameConfigSchema.ts'

/** What a confirmation shows before the frame signs (spec: site, network, what, value, fee). */
export type ConfirmRequest = {
  origin: string
  networkName: string
  kind: 'message' | 'typedData' | 'transaction'
  details: { label: string; value: string }[]
}

/** What the calls-status dialog shows. */
export type CallsStatusView = { origin: string; networkName: string; status: WalletCallsStatus }

/** The steps of the export dialog: send a fresh code, check it, then show the key. */
export type ExportKeySteps = {
  /** The account's email; null for a social account without one (the API then refuses). */
  email: string | null
  /** Mails a fresh code; answers the address it went to. */
  askCode(): Promise<string | null>
  verifyCode(otp: string): Promise<void>
  /** Only after `verifyCode` succeeded. */
  revealKey(): Promise<Hex>
}

/**
 * The frame's own dialogs (apps/auth/src/frame/ui over the page's DOM; a fake in tests).
 * A cancelled dialog rejects with `userRejected()` (4001).
 */
export type FrameUi = {
  /** `account` names whose wallet it is (`describeAccount`). */
  askNewPassphrase(options: { account: string }): Promise<string>
  /** Resolves once `verify` accepted the passphrase (a failure is shown in the dialog). */
  askPassphrase(options: {
    account: string
    verify(passphrase: string): Promise<void>
  }): Promise<string>
  confirmRequest(request: ConfirmRequest): Promise<boolean>
  /** `wallet_showCallsStatus`: a batch's status, until the person closes it. */
  showCallsStatus(request: CallsStatusView): Promise<void>
  showExportKey(steps: ExportKeySteps): Promise<void>
  setTheme(mode: 'light' | 'dark'): void
}

/** The device share, wrapped at rest (`createDeviceShareStore`). */
export type DeviceShares = Pick<DeviceShareStore, 'save' | 'load'>

/** A network as a confirmation names it, and its ERC-4337 contracts when it has smart accounts. */
export type NetworkInfo = {
  name: string
  symbol: string
  decimals: number
  smartAccounts?: { entryPoint: Hex; simpleAccountFactory: Hex; paymaster: boolean } | undefined
}

/** What the frame remembers while it is open (the session itself is in IndexedDB). */
export type FrameState = {
  /** The email of the sign-in in progress (connectEmail -> connectOtp). */
  pendingEmail?: string | undefined
  /**
   * The code this frame's session came from, until the wallet is open: typed again after the
   * person closed the passphrase dialog, it goes on without spending a new code.
   */
  verifiedCode?: { email: string; otp: string } | undefined
  /** The app's networks (syncDappData); the frame signs for these only. */
  chainIds: number[]
  chainId?: number | undefined
  metadata?: FrameRequestParams<'syncDappData'>['metadata'] | undefined
  /** Stops the running `connectFarcaster` wait (a new `getFarcasterUri`, `signOut`). */
  farcasterWait?: AbortController | undefined
  /** `wallet_sendCalls` batches of this page visit, by id (the oldest dropped past 100). */
  callBatches?: Map<string, CallBatch> | undefined
  /** The app's Solana networks (syncDappData): with any, the wallet has a Solana account. */
  solanaNetworks?: FrameSolanaNetwork[] | undefined
  /** The signed-in wallet's Solana address (public), once derived for `owner` (its EVM address). */
  solanaAccount?: { owner: string; address: string } | undefined
  /** The API's names of its Solana and Bitcoin networks, by CAIP-2 id (loaded once). */
  namespaceNetworkNames?: Promise<Map<string, string>> | undefined
}

/** A Solana network of the app, as `syncDappData` gives it. */
export type FrameSolanaNetwork = FrameRequestParams<'syncDappData'>['solanaNetworks'] extends
  | (infer entry)[]
  | undefined
  ? entry
  : never

/** A `wallet_sendCalls` batch as the frame follows it for `wallet_getCallsStatus`. */
export type CallBatch = {
  id: string
  chainId: number
  from: Hex
  atomic: boolean
  /** The smart account's one user operation, once the bundler took it. */
  userOperationHash?: Hex | undefined
  /** An EOA's transactions, in order, as they are sent. */
  transactionHashes: Hex[]
  callCount: number
  /** Set when an EOA's batch stopped: a call failed to send or reverted. */
  failed?: boolean | undefined
}

/** Everything a handler may use: injected, so tests run the real flows in Node. */
export type FrameContext = {
  config: FrameConfig
  api: AuthApiClient
  sessions: SessionStore
  deviceShares: DeviceShares
  ui: FrameUi
  state: FrameState
  /** Tells the page (the origin of the first accepted request). */
  emit(event: FrameEvent): void
  /** Runs a dialog: one at a time, with `show` posted before and `hide` after. */
  dialog<value>(run: () => Promise<value>): Promise<value>
  publicClient(chainId: number): Client
  /** The frame's fetch (the bundler and paymaster endpoints go through it). */
  fetchFn: typeof fetch
  network(chainId: number): Promise<NetworkInfo>
  /** scrypt cost for new recovery shares (default the key module's 2^17; lower in tests). */
  scryptN?: number | undefined
  /** The clock (epoch ms) that ages social and Farcaster flows. */
  now(): number
  /** How often `connectFarcaster` asks the API (default `farcasterPollIntervalMs`). */
  farcasterPollIntervalMs?: number | undefined
}

/** What a handler learns of the request besides its params. */
export type FrameRequestInfo = { origin: string }

export type FrameHandler<method extends FrameMethod> = (
  context: FrameContext,
  params: FrameRequestParams<method>,
  request: FrameRequestInfo,
) => Promise<FrameResult<method>>

export type FrameHandlers = { [method in FrameMethod]: FrameHandler<method> }
