import type { Core } from '@walletconnect/core'
import type { UniversalProvider } from '@walletconnect/universal-provider'
import { ConnectorAccountNotFoundError, ConnectorNotConnectedError } from '../errors/connector.ts'
import type { Eip1193Provider } from '../types.ts'
import { createEmitter } from '../utils/createEmitter.ts'
import { parseChainId } from '../utils/parseChainId.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { normalizeAccounts } from './normalizeAccounts.ts'
import type { Connector, ConnectorEvents } from './types.ts'

/** The two WalletConnect classes the connector needs, loaded on demand. */
export type WalletConnectSdk = {
  UniversalProvider: typeof UniversalProvider
  Core: typeof Core
}

type Provider = InstanceType<WalletConnectSdk['UniversalProvider']>

export type WalletConnectParameters = {
  projectId: string
  /** The relay, e.g. "ws://127.0.0.1:4172"; Latch never falls back to a public relay. */
  relayUrl: string
  /** Offered to the wallet as optional eip155 chains, the first as default, with their RPCs. */
  networks: readonly LatchNetwork[]
  /** How the app introduces itself to the wallet. */
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** Separates this app's WalletConnect storage keys from other clients on the origin. */
  storagePrefix?: string | undefined
  /** Loads the SDK; default a dynamic import, so it stays out of the page's first bundle. */
  load?: (() => Promise<WalletConnectSdk>) | undefined
}

const methods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]
const events = ['chainChanged', 'accountsChanged']

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

/**
 * A connector for phone wallets through WalletConnect v2 (Universal Provider). The SDK loads
 * only when the person picks WalletConnect or a stored session is restored; telemetry and
 * Verify are off, so the relay in the config is the only host contacted.
 */
export function walletConnect(parameters: WalletConnectParameters): Connector {
  const emitter = createEmitter<ConnectorEvents>()
  let providerPromise: Promise<Provider> | undefined
  const namespace = {
    chains: parameters.networks.map((network) => `eip155:${network.id}`),
    methods,
    events,
    rpcMap: Object.fromEntries(
      parameters.networks.map((network) => [String(network.id), network.rpcUrl]),
    ),
  }

  async function init(): Promise<Provider> {
    const sdk = await (parameters.load ?? loadWalletConnect)()
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
    provider.on('display_uri', (uri: string) => emitter.emit('displayUri', uri))
    provider.on('accountsChanged', (accounts: unknown) =>
      emitter.emit('accountsChanged', normalizeAccounts(accounts)),
    )
    provider.on('chainChanged', (chainId: unknown) => {
      const id = parseChainId(chainId)
      if (id !== undefined) emitter.emit('chainChanged', id)
    })
    // The wallet ended the session (the provider also emits "disconnect" for it).
    provider.on('session_delete', () => emitter.emit('disconnect', undefined))
    return provider
  }

  function getUniversalProvider(): Promise<Provider> {
    providerPromise ??= init().catch((error: unknown) => {
      providerPromise = undefined
      throw error
    })
    return providerPromise
  }

  async function readConnection(provider: Provider) {
    const accounts = normalizeAccounts(await provider.request({ method: 'eth_accounts' }))
    if (accounts.length === 0) throw new ConnectorAccountNotFoundError('WalletConnect')
    const chainId =
      parseChainId(await provider.request({ method: 'eth_chainId' })) ??
      parameters.networks[0]?.id ??
      1
    return { accounts, chainId }
  }

  return {
    id: 'walletConnect',
    name: 'WalletConnect',
    icon: walletConnectIcon,
    type: 'WALLET_CONNECT',
    chainNamespace: 'eip155',
    async connect(options = {}) {
      const provider = await getUniversalProvider()
      if (options.isReconnecting) {
        if (!provider.session) throw new ConnectorNotConnectedError()
        return readConnection(provider)
      }
      // A person asking for a new QR code gets a new pairing, not a leftover session.
      if (provider.session) await provider.disconnect().catch(() => {})
      await provider.connect({ optionalNamespaces: { eip155: namespace } })
      return readConnection(provider)
    },
    async disconnect() {
      const provider = await providerPromise
      if (provider?.session) await provider.disconnect()
    },
    getProvider: async () => (await getUniversalProvider()) as Eip1193Provider,
    isAuthorized: async () => (await getUniversalProvider()).session !== undefined,
    onAccountsChanged: (listener) => emitter.on('accountsChanged', listener),
    onChainChanged: (listener) => emitter.on('chainChanged', listener),
    onDisconnect: (listener) => emitter.on('disconnect', listener),
    onDisplayUri: (listener) => emitter.on('displayUri', listener),
  }
}

/** A neutral two-wave mark drawn for Latch (not the WalletConnect brand asset). */
const walletConnectIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3b99fc"/><path d="M11 16.5c5-4.7 13-4.7 18 0M14.5 20c3-2.8 8-2.8 11 0" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/><path d="M12 23.5l4 3.5 4-3.5 4 3.5 4-3.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`
