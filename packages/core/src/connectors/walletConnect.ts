import type { Core } from '@walletconnect/core'
import type { UniversalProvider } from '@walletconnect/universal-provider'
import {
  ConnectorAccountNotFoundError,
  ConnectorNotConnectedError,
  RelayUnavailableError,
  UserRejectedRequestError,
} from '../errors/connector.ts'
import type { Eip1193Provider, Scheduler } from '../types.ts'
import { createEmitter } from '../utils/createEmitter.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'
import { parseChainId } from '../utils/parseChainId.ts'
import type { LatchCaipNetwork, LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { loadNormalizedAccounts } from './loadNormalizedAccounts.ts'
import type {
  Connector,
  ConnectorEvents,
  ConnectorSignInRequest,
  ConnectorSignInResult,
  NamespaceConnector,
  WalletConnectSession,
} from './types.ts'

/** The two WalletConnect classes the connector needs, loaded on demand. */
export type WalletConnectSdk = {
  UniversalProvider: typeof UniversalProvider
  Core: typeof Core
}

type Provider = InstanceType<WalletConnectSdk['UniversalProvider']>
type AuthenticateParams = Parameters<Provider['authenticate']>[0]

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

/** Loads the SDK as its own chunk, only when WalletConnect is picked or a session restored. */
const loadWalletConnect = (): Promise<WalletConnectSdk> => import('./walletConnectSdk.ts')

/**
 * Turns WalletConnect Verify off. The SDK has no option for it: a browser dapp registers an
 * attestation through an iframe to verify.walletconnect.org on every proposal and request and
 * waits up to 5 s when that host is unreachable. Latch talks to its own relay only.
 */
function disableVerify(core: InstanceType<typeof Core>): void {
  core.verify.register = async () => undefined
  core.verify.resolve = async () => ({ origin: '' })
}

/** What Latch proposes and a session's Solana and Bitcoin side, loaded when pairing or restoring. */
const loadNamespaces = () => import('./walletConnectNamespace.ts')

/** The universal provider's own store, where connect() keeps what a reload restores. */
type PersistingProvider = { persist(key: string, value: unknown): Promise<void> }

/** The parts of a session the UI shows. */
function toSession(provider: Provider): WalletConnectSession | undefined {
  const session = provider.session
  if (!session) return undefined
  const { name, icons, url } = session.peer.metadata
  return {
    topic: session.topic,
    expiry: session.expiry,
    namespaces: session.namespaces,
    peer: { name, icons, url },
    ...(session.sessionProperties ? { sessionProperties: session.sessionProperties } : {}),
  }
}

/**
 * A connector for phone wallets through WalletConnect v2 (Universal Provider). The SDK loads
 * only when the person picks WalletConnect or a stored session is restored; telemetry and
 * Verify are off, so the relay in the config is the only host contacted. A session deleted by
 * the wallet or expired ends the connection; `connect()` fails with `RelayUnavailableError`
 * when the relay cannot be reached in time.
 */
export function walletConnect(parameters: WalletConnectParameters): Connector {
  const emitter = createEmitter<ConnectorEvents>()
  /** The app has Solana or Bitcoin networks: the session's sides, made once the SDK loads. */
  const others = parameters.networks.some((network) => !('id' in network))
  const namespaceConnectors: NamespaceConnector[] = []
  const scheduler = parameters.scheduler ?? defaultScheduler
  const relayTimeoutMs = parameters.relayTimeoutMs ?? defaultRelayTimeoutMs
  let sdkPromise: Promise<WalletConnectSdk> | undefined
  let providerPromise: Promise<Provider> | undefined
  let loaded: Provider | undefined

  function loadSdk(): Promise<WalletConnectSdk> {
    sdkPromise ??= (parameters.load ?? loadWalletConnect)().catch((error: unknown) => {
      sdkPromise = undefined
      throw error
    })
    return sdkPromise
  }

  async function init(): Promise<Provider> {
    const sdk = await loadSdk()
    const customStoragePrefix = parameters.storagePrefix ?? 'latch'
    const core = new sdk.Core({
      projectId: parameters.projectId,
      relayUrl: parameters.relayUrl,
      customStoragePrefix,
      telemetryEnabled: false,
      logger: 'error',
    })
    disableVerify(core)
    const provider = await sdk.UniversalProvider.init({
      core,
      projectId: parameters.projectId,
      relayUrl: parameters.relayUrl,
      metadata: parameters.metadata,
      customStoragePrefix,
      telemetryEnabled: false,
      logger: 'error',
    })
    const namespaces = await loadNamespaces()
    namespaces.watchProvider(provider, emitter)
    if (others && !namespaceConnectors[0])
      namespaceConnectors.push(
        ...namespaces.walletConnectNamespaces(
          provider,
          emitter,
          parameters.networks,
          walletConnectIcon,
        ),
      )
    loaded = provider
    return provider
  }

  function getUniversalProvider(): Promise<Provider> {
    providerPromise ??= init().catch((error: unknown) => {
      providerPromise = undefined
      throw error
    })
    return providerPromise
  }

  /**
   * The session's EVM accounts and chain. A wallet that approved only Solana or Bitcoin
   * (a session side has accounts) connects with none: its sides hold the connection.
   */
  async function readConnection(provider: Provider) {
    if (!(await loadNamespaces()).hasEvmAccounts(provider)) {
      for (const side of namespaceConnectors)
        if (await side.isAuthorized()) return { accounts: [], chainId: preferredChainId() }
      throw new ConnectorAccountNotFoundError('WalletConnect')
    }
    const accounts = await loadNormalizedAccounts(
      await provider.request({ method: 'eth_accounts' }),
    )
    if (accounts.length === 0) throw new ConnectorAccountNotFoundError('WalletConnect')
    const chainId =
      parseChainId(await provider.request({ method: 'eth_chainId' })) ?? preferredChainId()
    return { accounts, chainId }
  }

  function preferredChainId(): number {
    return (
      (parameters.networks.find((network) => 'id' in network) as LatchNetwork | undefined)?.id ?? 1
    )
  }

  /**
   * Pairs with a new wallet and makes the preferred chain the default when it was approved.
   * With `signIn`, the wallet is asked to sign in in the same approval (`authenticate`); a
   * wallet that cannot answers the session proposal sent with it, and no sign-in comes back.
   */
  async function pair(
    provider: Provider,
    chainId: number | undefined,
    signIn: ConnectorSignInRequest | undefined,
  ) {
    // A person asking for a new QR code gets a new pairing, not a leftover session.
    if (provider.session) await provider.disconnect().catch(() => {})
    const optionalNamespaces = (await loadNamespaces()).getWalletConnectNamespaces(
      parameters.networks,
      chainId,
    )
    const namespace = optionalNamespaces.eip155
    const signedIn = signIn
      ? await authenticate(provider, namespace, signIn)
      : await provider.connect({ optionalNamespaces }).then(() => undefined)
    const approved = provider.session?.namespaces.eip155?.accounts ?? []
    if (chainId !== undefined && approved.some((a) => a.startsWith(`eip155:${chainId}:`))) {
      const current = parseChainId(await provider.request({ method: 'eth_chainId' }))
      if (current !== chainId) provider.setDefaultChain(`eip155:${chainId}`)
    }
    const connection = await readConnection(provider)
    return signedIn ? { ...connection, signIn: signedIn } : connection
  }

  /**
   * One-click auth (`wc_sessionAuthenticate`, CAIP-222): the wallet approves the session and
   * signs an EIP-4361 message for `request` at once; its answer is a CACAO, from which the
   * signed text is rebuilt. Undefined when the wallet approved the plain session proposal.
   */
  async function authenticate(
    provider: Provider,
    namespace: { chains: string[]; methods: string[] },
    request: ConnectorSignInRequest,
  ): Promise<ConnectorSignInResult | undefined> {
    const params = {
      chains: namespace.chains,
      methods: namespace.methods,
      domain: request.domain,
      uri: request.uri,
      nonce: request.nonce,
      statement: request.statement,
      exp: request.expirationTime.toISOString(),
      // Read by the universal provider, not sent: the RPC URLs for reads, as connect() has them.
      optionalNamespaces: { eip155: namespace },
    } satisfies AuthenticateParams & { optionalNamespaces: unknown }
    let result: Awaited<ReturnType<Provider['authenticate']>>
    try {
      result = await provider.authenticate(params)
    } catch (error) {
      // The sign client rejects with the wallet's message alone when it declines to sign in.
      if (typeof error === 'string') throw new UserRejectedRequestError({ details: error })
      throw error
    }
    // Unlike connect(), authenticate() does not store the RPC URLs: a reload needs them.
    await (provider as unknown as PersistingProvider)
      .persist('optionalNamespaces', provider.optionalNamespaces)
      .catch(() => {})
    const cacao = result.auths?.[0]
    if (!cacao) return undefined
    const message = provider.client.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss })
    return { message, signature: cacao.s.s as `0x${string}` }
  }

  /**
   * Runs `attempt` against a deadline: when neither the pairing URI is out nor the relay
   * socket open after `relayTimeoutMs`, the relay is down and waiting longer would hang.
   */
  function withRelayDeadline<T>(attempt: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false
      let uriShown = false
      const stopUri = emitter.on('displayUri', () => {
        uriShown = true
      })
      const settle = (finish: () => void) => {
        if (settled) return
        settled = true
        scheduler.clearTimeout(timer)
        stopUri()
        finish()
      }
      const timer = scheduler.setTimeout(() => {
        if (uriShown || loaded?.client.core.relayer.connected) return
        settle(() => reject(new RelayUnavailableError({ timeoutMs: relayTimeoutMs })))
      }, relayTimeoutMs)
      attempt().then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(error)),
      )
    })
  }

  return {
    id: 'walletConnect',
    name: 'WalletConnect',
    icon: walletConnectIcon,
    type: 'WALLET_CONNECT',
    chainNamespace: 'eip155',
    ...(others && { namespaceConnectors }),
    async connect(options = {}) {
      if (options.isReconnecting) {
        // The stored session is read from storage: no relay round trip, no QR code.
        const provider = await getUniversalProvider()
        if (!provider.session) throw new ConnectorNotConnectedError()
        return readConnection(provider)
      }
      // A slow download of the SDK chunk is not a relay problem: start the clock after it.
      await loadSdk()
      return withRelayDeadline(async () =>
        pair(await getUniversalProvider(), options.chainId, options.signIn),
      )
    },
    async disconnect() {
      // Nothing to end when the SDK never loaded (or failed to).
      const provider = await providerPromise?.catch(() => undefined)
      const session = provider?.session
      if (!provider || !session) return
      try {
        await provider.disconnect()
      } catch (error) {
        // The wallet was not told (relay down): forget the session here anyway, so a reload
        // does not restore it, and report the failure.
        await provider.client.session
          .delete(session.topic, { code: 6000, message: 'User disconnected.' })
          .catch(() => {})
        provider.session = undefined
        throw error
      }
    },
    getProvider: async () => (await getUniversalProvider()) as Eip1193Provider,
    isAuthorized: async () => (await getUniversalProvider()).session !== undefined,
    onAccountsChanged: (listener) => emitter.on('accountsChanged', listener),
    onChainChanged: (listener) => emitter.on('chainChanged', listener),
    onDisconnect: (listener) => emitter.on('disconnect', listener),
    onDisplayUri: (listener) => emitter.on('displayUri', listener),
    getSession: () => (loaded ? toSession(loaded) : undefined),
  }
}

/** A neutral two-wave mark drawn for Latch (not the WalletConnect brand asset). */
const walletConnectIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3b99fc"/><path d="M11 16.5c5-4.7 13-4.7 18 0M14.5 20c3-2.8 8-2.8 11 0M12 23.5l4 3.5 4-3.5 4 3.5 4-3.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`
