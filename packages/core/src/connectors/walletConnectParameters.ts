import type { Core } from '@walletconnect/core'
import type { UniversalProvider } from '@walletconnect/universal-provider'
import type { Scheduler } from '../types.ts'
import type { LatchCaipNetwork } from '../webConfig/parseLatchWebConfig.ts'

/** The two WalletConnect classes the connector needs, loaded on demand. */
export type WalletConnectSdk = {
  UniversalProvider: typeof UniversalProvider
  Core: typeof Core
}

export type WalletConnectParameters = {
  projectId: string
  /** The relay, e.g. "ws://127.0.0.1:4172"; Latch never falls back to a public relay. */
  relayUrl: string
  /**
   * Offered to the wallet as optional namespaces: the eip155 chains (the first as default,
   * with their RPCs), and the Solana and Bitcoin networks (CAIP-2) when the app has some.
   */
  networks: readonly LatchCaipNetwork[]
  /** How the app introduces itself to the wallet. */
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** Separates this app's WalletConnect storage keys from other clients on the origin. */
  storagePrefix?: string | undefined
  /** Loads the SDK; default a dynamic import, so it stays out of the page's first bundle. */
  load?: (() => Promise<WalletConnectSdk>) | undefined
  /**
   * How long `connect()` waits for the relay before `RelayUnavailableError`: the pairing
   * URI must be out, or the relay socket open, by then. Default 5000 ms.
   */
  relayTimeoutMs?: number | undefined
  /** Timers for the relay deadline; default the host's. */
  scheduler?: Scheduler | undefined
}

/** Waiting longer than this for the relay means it is down (spec: heartbeat 5 s). */
export const defaultRelayTimeoutMs = 5000
