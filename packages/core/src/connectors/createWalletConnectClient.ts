import type { Core } from '@walletconnect/core'
import {
  ConnectorAccountNotFoundError,
  ConnectorNotConnectedError,
  RelayUnavailableError,
  UserRejectedRequestError,
} from '../errors/connector.ts'
import type { Eip1193Provider } from '../types.ts'
import type { Emitter } from '../utils/createEmitter.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'
import { parseChainId } from '../utils/parseChainId.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { loadNormalizedAccounts } from './loadNormalizedAccounts.ts'
import type {
  Connector,
  ConnectorEvents,
  ConnectorSignInRequest,
  ConnectorSignInResult,
  NamespaceConnector,
  WalletConnectSession,
} from './types.ts'
import {
  defaultRelayTimeoutMs,
  type WalletConnectParameters,
  type WalletConnectSdk,
} from './walletConnectParameters.ts'

type Provider = InstanceType<WalletConnectSdk['UniversalProvider']>
type AuthenticateParams = Parameters<Provider['authenticate']>[0]

/** What the connector in the page's first chunk gives its work: its events and sides. */
export type WalletConnectShell = {
  emitter: Emitter<ConnectorEvents>
  /** Filled with the session's Solana and Bitcoin sides once the SDK loads. */
  namespaceConnectors: NamespaceConnector[]
  icon: string
  /** The SDK's default loader (a dynamic import). */
  loadSdk: () => Promise<WalletConnectSdk>
}

/** The WalletConnect connector's work: what `walletConnect()` loads on first use. */
export type WalletConnectClient = Pick<
  Connector,
  'connect' | 'disconnect' | 'getProvider' | 'isAuthorized'
> & { getSession(): WalletConnectSession | undefined }

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
 * The WalletConnect connector's work (Universal Provider): pairing, one-click sign-in, the
 * relay deadline, the session's accounts and sides. Loaded as its own chunk by `walletConnect()`
 * on the connector's first use (WalletConnect picked, or a stored session restored).
 */
export function createWalletConnectClient(
  parameters: WalletConnectParameters,
  shell: WalletConnectShell,
): WalletConnectClient {
  const { emitter, namespaceConnectors, icon } = shell
  /** The app has Solana or Bitcoin networks: the session's sides, made once the SDK loads. */
  const others = parameters.networks.some((network) => !('id' in network))
  const scheduler = parameters.scheduler ?? defaultScheduler
  const relayTimeoutMs = parameters.relayTimeoutMs ?? defaultRelayTimeoutMs
  let sdkPromise: Promise<WalletConnectSdk> | undefined
  let providerPromise: Promise<Provider> | undefined
  let loaded: Provider | undefined

  function loadSdk(): Promise<WalletConnectSdk> {
    sdkPromise ??= (parameters.load ?? shell.loadSdk)().catch((error: unknown) => {
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
        ...namespaces.walletConnectNamespaces(provider, emitter, parameters.networks, icon),
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
    getSession: () => (loaded ? toSession(loaded) : undefined),
  }
}
