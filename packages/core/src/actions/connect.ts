import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type {
  Connector,
  ConnectorConnectResult,
  ConnectorSignInRequest,
  NamespaceConnector,
  NamespaceConnectResult,
} from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { disconnectedState } from '../createLatchConfig.ts'
import { NamespaceNotConfiguredError } from '../errors/caip.ts'
import {
  ConnectionCancelledError,
  ConnectorAlreadyConnectedError,
  type ConnectorNotFoundError,
  type ProviderRequestError,
  toConnectorError,
  type UserRejectedRequestError,
} from '../errors/connector.ts'
import { resolveConnector } from '../namespaces/resolveConnector.ts'
import { setNamespaceConnected } from '../namespaces/setNamespaceConnected.ts'
import { showConnectedNamespace } from '../namespaces/setNamespaceConnection.ts'
import type { RecentWalletInput } from '../storage/createLatchStorage.ts'
import type { LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'
import { addRecentWallet } from './addRecentWallet.ts'
import { getPreferredNetwork } from './getPreferredNetwork.ts'
import { setConnected } from './watchConnector.ts'

export type ConnectParameters = {
  /** A connector's id, or a MULTI_CHAIN wallet's (then `namespace` picks its connector). */
  connectorId: string
  /**
   * The namespace to connect; default the connector's own (a MULTI_CHAIN wallet: eip155 when
   * it has it, else its first). A wallet of another namespace stays connected beside it.
   */
  namespace?: LatchNamespace | undefined
  /** Solana and Bitcoin: the network; default the last used of the namespace, else its first. */
  caipNetworkId?: CaipNetworkId | undefined
  /** Preferred chain; default the last used chain when configured, else the first network. */
  chainId?: number | undefined
  /**
   * The wallet listing picked (e.g. a WalletConnect wallet), remembered among the recent
   * wallets once connected. Default: an announced wallet's own name, icon and rdns;
   * nothing for WalletConnect without a listing.
   */
  wallet?: RecentWalletInput | undefined
  /**
   * The page (`location.host` and `location.origin`), when the app requires sign-in: a
   * WalletConnect wallet is then asked to connect and sign in with one approval, where it
   * supports it; the sign-in flow sends what it signed to the API (no second request).
   */
  signIn?: { domain: string; uri: string } | undefined
}

/** The connection made: `chainId` for an EVM wallet, `caipNetworkId` for Solana and Bitcoin. */
export type ConnectReturnType = ConnectorConnectResult | NamespaceConnectResult

export type ConnectErrorType =
  | ConnectorNotFoundError
  | ConnectorAlreadyConnectedError
  | ConnectionCancelledError
  | UserRejectedRequestError
  | ProviderRequestError

/**
 * Connects a wallet: status goes `connecting` (with the WalletConnect pairing URI once known)
 * then `connected`, or back to what it was with the error. A rejection in the wallet is a
 * `UserRejectedRequestError`. Each namespace holds one connection: connecting a Solana or
 * Bitcoin wallet keeps the EVM one (and the other way round), and makes the new one active.
 */
export async function connect(
  config: LatchConfig,
  parameters: ConnectParameters,
): Promise<ConnectReturnType> {
  const connector = resolveConnector(config, parameters.connectorId, parameters.namespace)
  const namespace: LatchNamespace = isNamespaceConnector(connector)
    ? (connector as NamespaceConnector).chainNamespace
    : 'eip155'
  const state = config.getState()
  if (
    state.activeNamespace === namespace
      ? state.status === 'connected'
      : state.namespaces[namespace] !== undefined
  )
    throw new ConnectorAlreadyConnectedError()
  const network = getPreferredNetwork(config, namespace)
  if (!network) throw new NamespaceNotConfiguredError(namespace)

  const attempt = config._internal.beginAttempt()
  config._internal.setState((state) => ({
    ...state,
    ...disconnectedState,
    status: 'connecting',
    connectorId: connector.id,
    activeNamespace: namespace,
  }))
  const stopDisplayUri =
    'onDisplayUri' in connector
      ? connector.onDisplayUri?.((pairingUri) => {
          if (config._internal.isCurrentAttempt(attempt))
            config._internal.setState((state) => ({ ...state, pairingUri }))
        })
      : undefined

  try {
    config._internal.setConnectSignIn(undefined)
    if (isNamespaceConnector(connector)) {
      const result = await connector.connect({
        caipNetworkId: parameters.caipNetworkId ?? (network.caipNetworkId as CaipNetworkId),
      })
      await checkCurrent(config, attempt, connector)
      setNamespaceConnected(config, connector, result)
      addRecentWallet(
        config,
        parameters.wallet ?? {
          id: connector.id,
          name: connector.name,
          icon: connector.icon,
        },
      )
      return result
    }
    const chainId = parameters.chainId ?? getPreferredChainId(config)
    // Without a sign-in to ask for, the connector is called in this tick, as before.
    const signIn =
      parameters.signIn && connector.type === 'WALLET_CONNECT'
        ? await requestSignIn(config, connector, parameters.signIn)
        : undefined
    const result = await connector.connect(signIn ? { chainId, signIn } : { chainId })
    await checkCurrent(config, attempt, connector)
    const [address] = result.accounts
    if (result.signIn && address) config._internal.setConnectSignIn({ ...result.signIn, address })
    await setConnected(config, connector, result)
    const wallet = parameters.wallet ?? announcedWallet(connector)
    if (wallet) addRecentWallet(config, wallet)
    return result
  } catch (error) {
    const connectError = toConnectorError(error)
    config.logs?.log(
      connectError instanceof ConnectionCancelledError ? 'warn' : 'error',
      'Connecting the wallet failed.',
      { connectorId: connector.id, error: connectError },
    )
    if (config._internal.isCurrentAttempt(attempt)) {
      // The attempt ends disconnected with its error; a wallet of another namespace still
      // connected then shows again.
      config._internal.setState((current) => ({
        ...current,
        ...disconnectedState,
        error: connectError,
      }))
      if (Object.keys(config.getState().namespaces).length > 0)
        showConnectedNamespace(config, connectError)
    }
    throw connectError
  } finally {
    stopDisplayUri?.()
  }
}

const isNamespaceConnector = (
  connector: Connector | NamespaceConnector,
): connector is NamespaceConnector =>
  connector.chainNamespace === 'solana' || connector.chainNamespace === 'bip122'

/** The person moved on (closed the modal or picked another wallet): drop the new session. */
async function checkCurrent(
  config: LatchConfig,
  attempt: number,
  connector: Connector | NamespaceConnector,
): Promise<void> {
  if (config._internal.isCurrentAttempt(attempt)) return
  await connector.disconnect().catch(() => {})
  throw new ConnectionCancelledError()
}

/**
 * The sign-in a WalletConnect wallet is asked for while connecting (one-click auth), with a
 * nonce from the API. Without one (no sign-in asked, another connector, or the API did not
 * answer), the wallet just connects and the sign-in flow asks it to sign afterwards.
 */
async function requestSignIn(
  config: LatchConfig,
  connector: Connector,
  page: NonNullable<ConnectParameters['signIn']>,
): Promise<ConnectorSignInRequest | undefined> {
  try {
    // Loaded only here: the nonce's schema and the statement stay out of the page's first JS.
    const { createConnectSignIn } = await import('../siwe/createConnectSignIn.ts')
    return await createConnectSignIn(config, page)
  } catch (error) {
    config.logs?.log('warn', 'Signing in while connecting is not possible: connecting only.', {
      connectorId: connector.id,
      error,
    })
    return undefined
  }
}

/** The last used chain when the app still configures it, else the first network. */
export function getPreferredChainId(config: LatchConfig): number | undefined {
  const network = getPreferredNetwork(config, 'eip155')
  return network && 'id' in network ? network.id : undefined
}

/** An EIP-6963 wallet as a recent wallet, from what it announced. */
function announcedWallet(connector: Connector): RecentWalletInput | undefined {
  if (connector.type !== 'ANNOUNCED') return undefined
  return {
    id: connector.rdns ?? connector.id,
    name: connector.name,
    icon: connector.icon,
    rdns: connector.rdns,
  }
}
