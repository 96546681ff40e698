import { createEmitter } from '../utils/createEmitter.ts'
import type { WalletConnectClient } from './createWalletConnectClient.ts'
import type { Connector, ConnectorEvents, NamespaceConnector } from './types.ts'
import type { WalletConnectParameters, WalletConnectSdk } from './walletConnectParameters.ts'

export {
  defaultRelayTimeoutMs,
  type WalletConnectParameters,
  type WalletConnectSdk,
} from './walletConnectParameters.ts'

/** Loads the SDK as its own chunk, only when WalletConnect is picked or a session restored. */
const loadWalletConnect = (): Promise<WalletConnectSdk> => import('./walletConnectSdk.ts')

/** The connector's work (pairing, sessions, sign-in) as its own chunk, loaded on first use. */
const loadClientModule = () => import('./createWalletConnectClient.ts')

/**
 * A connector for phone wallets through WalletConnect v2 (Universal Provider). The SDK loads
 * only when the person picks WalletConnect or a stored session is restored; telemetry and
 * Verify are off, so the relay in the config is the only host contacted. A session deleted by
 * the wallet or expired ends the connection; `connect()` fails with `RelayUnavailableError`
 * when the relay cannot be reached in time. This part, in the page's first chunk, is the
 * wallet list's entry and the events; the work (`createWalletConnectClient`) loads with the SDK.
 */
export function walletConnect(parameters: WalletConnectParameters): Connector {
  const emitter = createEmitter<ConnectorEvents>()
  /** The app has Solana or Bitcoin networks: the session's sides, made once the SDK loads. */
  const others = parameters.networks.some((network) => !('id' in network))
  const namespaceConnectors: NamespaceConnector[] = []
  let clientPromise: Promise<WalletConnectClient> | undefined
  let client: WalletConnectClient | undefined

  function load(): Promise<WalletConnectClient> {
    // The SDK is fetched alongside the connector's work, not after it.
    if (!parameters.load) void loadWalletConnect().catch(() => {})
    clientPromise ??= loadClientModule().then(
      (module) => {
        client = module.createWalletConnectClient(parameters, {
          emitter,
          namespaceConnectors,
          icon: walletConnectIcon,
          loadSdk: loadWalletConnect,
        })
        return client
      },
      (error: unknown) => {
        clientPromise = undefined
        throw error
      },
    )
    return clientPromise
  }

  return {
    id: 'walletConnect',
    name: 'WalletConnect',
    icon: walletConnectIcon,
    type: 'WALLET_CONNECT',
    chainNamespace: 'eip155',
    ...(others && { namespaceConnectors }),
    connect: async (options) => (await load()).connect(options),
    // Nothing to end when the connector's work never loaded (or failed to).
    disconnect: async () => (await clientPromise?.catch(() => undefined))?.disconnect(),
    getProvider: async () => (await load()).getProvider(),
    isAuthorized: async () => (await load()).isAuthorized(),
    onAccountsChanged: (listener) => emitter.on('accountsChanged', listener),
    onChainChanged: (listener) => emitter.on('chainChanged', listener),
    onDisconnect: (listener) => emitter.on('disconnect', listener),
    onDisplayUri: (listener) => emitter.on('displayUri', listener),
    getSession: () => client?.getSession(),
  }
}

/** A neutral two-wave mark drawn for Latch (not the WalletConnect brand asset). */
const walletConnectIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3b99fc"/><path d="M11 16.5c5-4.7 13-4.7 18 0M14.5 20c3-2.8 8-2.8 11 0M12 23.5l4 3.5 4-3.5 4 3.5 4-3.5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`
