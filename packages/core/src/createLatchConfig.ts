import type { CaipNetworkId } from './caip/toCaipNetworkId.ts'
import { announced } from './connectors/announced.ts'
import type {
  Connector,
  ConnectorSignInResult,
  NamespaceAccount,
  NamespaceConnector,
} from './connectors/types.ts'
import {
  type Eip6963ProviderDetail,
  watchAnnouncedProviders,
} from './eip6963/watchAnnouncedProviders.ts'
import { createLogBuffer, type LogBuffer } from './logs/createLogBuffer.ts'
import type { LogLevel } from './logs/logLevels.ts'
import {
  type LatchOptions,
  type LatchOptionsParameters,
  resolveOptions,
  type SocialProvider,
} from './options/createLatchOptions.ts'
import {
  createLatchStorage,
  type LatchStorage,
  type RecentWallet,
} from './storage/createLatchStorage.ts'
import { createToastStore, type ToastStore } from './toasts/createToastStore.ts'
import {
  createPendingTransactionStore,
  type PendingTransactionStore,
} from './transactions/createPendingTransactionStore.ts'
import type {
  EventTargetLike,
  FetchLike,
  KeyValueStorage,
  Scheduler,
  Unsubscribe,
} from './types.ts'
import { createStore } from './utils/createStore.ts'
import { defaultScheduler } from './utils/defaultScheduler.ts'
import type {
  LatchCaipNetwork,
  LatchNamespace,
  LatchNetwork,
} from './webConfig/parseLatchWebConfig.ts'

/** Connection status (spec section 4); only actions change it. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

/**
 * A social or Farcaster sign-in into the embedded wallet in progress (or just failed):
 * `pending` while the person is at the provider (popup, redirect, Farcaster client),
 * `connecting` once the provider answered (the wallet is opened or created), `error` with
 * why it failed (shown on the Connect view). Cleared when it ends or is cancelled.
 */
export type SocialSignInState = {
  readonly provider: SocialProvider
  readonly status: 'pending' | 'connecting' | 'error'
  /** Farcaster: the relay channel's URL (the QR code and the deep link), once known. */
  readonly farcasterUrl?: string | undefined
  readonly error?: Error | undefined
  /** Identifies the attempt: a newer one (or a cancel) makes an older one's answer moot. */
  readonly attempt: object
}

/** One namespace's connection (an EVM, a Solana and a Bitcoin wallet may be connected at once). */
export type NamespaceConnection = {
  readonly connectorId: string
  /** The active address (EIP-55 for eip155; Bitcoin: the payment address). */
  readonly address: string
  readonly addresses: readonly string[]
  readonly caipNetworkId: CaipNetworkId
  /** eip155 only: the wallet's chain id. */
  readonly chainId?: number | undefined
  /** Solana and Bitcoin: each address with its public key and (Bitcoin) purpose. */
  readonly accounts?: readonly NamespaceAccount[] | undefined
}

/**
 * The state. `status`, `connectorId`, `address`, `addresses`, `chainId` and `caipNetworkId`
 * describe the ACTIVE namespace (`activeNamespace`: the one connected, being connected, or
 * switched to last); `namespaces` holds every connected namespace's connection.
 */
export type LatchState = {
  status: ConnectionStatus
  /** The connected connector, or the one being connected. */
  connectorId: string | undefined
  /** The active address (EIP-55 for eip155), when connected. */
  address: string | undefined
  addresses: readonly string[]
  /** eip155 only: undefined while a Solana or Bitcoin connection is active. */
  chainId: number | undefined
  /** The active network (CAIP-2), when connected. */
  caipNetworkId: CaipNetworkId | undefined
  /** The namespace the top-level fields describe. */
  activeNamespace: LatchNamespace | undefined
  /** Every connected namespace. */
  namespaces: Readonly<Partial<Record<LatchNamespace, NamespaceConnection>>>
  /** Solana and Bitcoin wallets of the Wallet Standard, once discovery started. */
  namespaceConnectors: readonly NamespaceConnector[]
  /** WalletConnect pairing URI while connecting through WalletConnect (the QR code). */
  pairingUri: string | undefined
  /** Why the last connection attempt failed; cleared by the next one. */
  error: Error | undefined
  /** Announced wallets first (in order of arrival), then the configured connectors. */
  connectors: readonly Connector[]
  /** Wallets connected lately, newest first (at most 2); kept across disconnects and reloads. */
  recentWallets: readonly RecentWallet[]
  /** A social or Farcaster sign-in in progress, or the last one's failure. */
  socialSignIn?: SocialSignInState | undefined
}

export type CreateLatchConfigParameters = {
  /** At least one, of any namespace; the first is the default network. */
  networks: readonly LatchCaipNetwork[]
  apiUrl: string
  projectId: string
  /** Connectors that always exist, such as `walletConnect(...)`. */
  connectors?: readonly Connector[] | undefined
  /** Enables EIP-6963 discovery on this target (pass `window` in a browser). */
  announceTarget?: EventTargetLike | undefined
  /**
   * Keeps the connected connector, last chain and recent wallets across reloads
   * (`localStorage`); default in memory.
   */
  storage?: KeyValueStorage | undefined
  /** Used for API calls; default `globalThis.fetch`. */
  fetch?: FetchLike | undefined
  /** Features, orders, theme and wallet filters; unset fields take the spec's defaults. */
  options?: LatchOptionsParameters | undefined
  /** Timers for toasts, API retries and transaction polling; default the host's. */
  scheduler?: Scheduler | undefined
  /**
   * Polls pending transactions every 30 s while the app watches them (spec section 9: off by
   * default; they are still re-checked once on load and awaited after sending).
   */
  pendingTransactionPolling?: boolean | undefined
  /** The lowest level the log buffer records (spec section 9: default `error`). */
  logLevel?: LogLevel | undefined
  /** The log buffer's cap in bytes; the oldest entries go past it (default 1,024,000). */
  logBufferBytes?: number | undefined
}

export type LatchConfig = {
  /** The EVM networks, in order. */
  readonly networks: readonly LatchNetwork[]
  /** Every network (eip155, solana, bip122), in order; the first is the default. */
  readonly caipNetworks: readonly LatchCaipNetwork[]
  readonly apiUrl: string
  readonly projectId: string
  /** Latch's persisted data, already migrated to the current version. */
  readonly storage: LatchStorage
  /** The resolved, frozen options. */
  readonly options: LatchOptions
  /** The toast (snackbar) of this app instance. */
  readonly toasts: ToastStore
  /** Transactions sent through Latch whose outcome is not known yet (persisted). */
  readonly transactions: PendingTransactionStore
  /** The client's log buffer (warnings and errors of actions and connectors), for bug reports. */
  readonly logs: LogBuffer
  readonly fetch: FetchLike | undefined
  /** Timers for delays (API retries, polling); the host's unless a test injects its own. */
  readonly scheduler: Scheduler
  getState(): LatchState
  subscribe(listener: (state: LatchState, previous: LatchState) => void): Unsubscribe
  /** Stops EIP-6963 discovery and connector event listeners. */
  destroy(): void
  /** For actions only: apps and hooks read state and call actions. */
  readonly _internal: {
    setState(next: LatchState | ((state: LatchState) => LatchState)): void
    /** Starts a connection attempt; an older attempt that settles later is ignored. */
    beginAttempt(): number
    isCurrentAttempt(attempt: number): boolean
    /** Replaces the listeners on a namespace's connected connector (default eip155). */
    setConnectorWatch(unsubscribe: Unsubscribe | undefined, namespace?: LatchNamespace): void
    /** Keeps the Wallet Standard discovery's stop function (stopped by `destroy`). */
    setWalletStandardWatch(unsubscribe: Unsubscribe | undefined): void
    isWatchingWalletStandard(): boolean
    /**
     * The sign-in a wallet gave while connecting (WalletConnect one-click auth), kept until the
     * sign-in flow sends it to the API; undefined clears it.
     */
    setConnectSignIn(signIn: (ConnectorSignInResult & { address: string }) | undefined): void
    /** Takes (and forgets) the sign-in kept for `address`, if any. */
    takeConnectSignIn(address: string): ConnectorSignInResult | undefined
  }
}

/** The state when nothing is connected (connectors and recent wallets are kept). */
export const disconnectedState = {
  status: 'disconnected',
  connectorId: undefined,
  address: undefined,
  addresses: [],
  chainId: undefined,
  caipNetworkId: undefined,
  pairingUri: undefined,
  error: undefined,
} as const satisfies Omit<
  LatchState,
  'connectors' | 'recentWallets' | 'activeNamespace' | 'namespaces' | 'namespaceConnectors'
>

/**
 * Creates the client's state instance: connection status, account, chain, the list of
 * connectors (configured ones plus wallets announced through EIP-6963) and their events.
 * Hand it to `LatchProvider`; actions such as `connect(config, ...)` change it.
 */
export function createLatchConfig(parameters: CreateLatchConfigParameters): LatchConfig {
  if (parameters.networks.length === 0) throw new Error('createLatchConfig needs a network.')
  const staticConnectors = parameters.connectors ?? []
  const storage = createLatchStorage(parameters.storage)
  storage.migrate()
  const networks = parameters.networks.filter(
    (network): network is LatchNetwork => (network.namespace ?? 'eip155') === 'eip155',
  )
  const store = createStore<LatchState>({
    ...disconnectedState,
    activeNamespace: undefined,
    namespaces: {},
    namespaceConnectors: [],
    connectors: staticConnectors,
    recentWallets: storage.getRecentWallets(),
  })
  const announcedConnectors = new Map<
    string,
    { detail: Eip6963ProviderDetail; connector: Connector }
  >()
  let attempt = 0
  let connectSignIn: (ConnectorSignInResult & { address: string }) | undefined
  const connectorWatches = new Map<LatchNamespace, Unsubscribe>()
  let walletStandardWatch: Unsubscribe | undefined

  function onAnnounced(details: readonly Eip6963ProviderDetail[]) {
    for (const detail of details) {
      const known = announcedConnectors.get(detail.info.rdns)
      if (known?.detail.provider === detail.provider) continue
      // A static connector with the same id wins; a re-announced wallet keeps its place.
      if (staticConnectors.some((connector) => connector.id === detail.info.rdns)) continue
      announcedConnectors.set(detail.info.rdns, { detail, connector: announced(detail) })
    }
    store.setState((state) => ({
      ...state,
      connectors: [
        ...[...announcedConnectors.values()].map((entry) => entry.connector),
        ...staticConnectors,
      ],
    }))
  }

  const stopDiscovery = parameters.announceTarget
    ? watchAnnouncedProviders({ target: parameters.announceTarget, onChange: onAnnounced })
    : undefined

  return {
    networks,
    caipNetworks: parameters.networks,
    apiUrl: parameters.apiUrl.replace(/\/+$/, ''),
    projectId: parameters.projectId,
    storage,
    options: resolveOptions(parameters.options),
    toasts: createToastStore({ scheduler: parameters.scheduler }),
    transactions: createPendingTransactionStore({
      storage,
      scheduler: parameters.scheduler,
      polling: parameters.pendingTransactionPolling,
      // Loaded only when a transaction is pending, so viem stays out of the first chunk.
      checkReceipt: (transaction, options) =>
        import('./transactions/checkEip155Receipt.ts').then((module) =>
          module.checkEip155Receipt(networks, transaction, options),
        ),
    }),
    logs: createLogBuffer({ level: parameters.logLevel, maxBytes: parameters.logBufferBytes }),
    fetch: parameters.fetch,
    scheduler: parameters.scheduler ?? defaultScheduler,
    getState: store.getState,
    subscribe: store.subscribe,
    destroy() {
      stopDiscovery?.()
      walletStandardWatch?.()
      walletStandardWatch = undefined
      for (const stop of connectorWatches.values()) stop()
      connectorWatches.clear()
    },
    _internal: {
      setState: store.setState,
      beginAttempt: () => {
        attempt += 1
        return attempt
      },
      isCurrentAttempt: (value) => value === attempt,
      setConnectorWatch(unsubscribe, namespace = 'eip155') {
        connectorWatches.get(namespace)?.()
        if (unsubscribe) connectorWatches.set(namespace, unsubscribe)
        else connectorWatches.delete(namespace)
      },
      setWalletStandardWatch(unsubscribe) {
        walletStandardWatch?.()
        walletStandardWatch = unsubscribe
      },
      isWatchingWalletStandard: () => walletStandardWatch !== undefined,
      setConnectSignIn(signIn) {
        connectSignIn = signIn
      },
      takeConnectSignIn(address) {
        const kept = connectSignIn
        connectSignIn = undefined
        if (!kept || kept.address.toLowerCase() !== address.toLowerCase()) return undefined
        return { message: kept.message, signature: kept.signature }
      },
    },
  }
}
