import type {
  Connector,
  ConnectorConnectResult,
  ConnectorSignInRequest,
} from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { disconnectedState } from '../createLatchConfig.ts'
import {
  ConnectionCancelledError,
  ConnectorAlreadyConnectedError,
  type ConnectorNotFoundError,
  type ProviderRequestError,
  toConnectorError,
  type UserRejectedRequestError,
} from '../errors/connector.ts'
import type { RecentWalletInput } from '../storage/createLatchStorage.ts'
import { addRecentWallet } from './addRecentWallet.ts'
import { getConnector } from './getConnector.ts'
import { setConnected } from './watchConnector.ts'

export type ConnectParameters = {
  connectorId: string
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

export type ConnectReturnType = ConnectorConnectResult

export type ConnectErrorType =
  | ConnectorNotFoundError
  | ConnectorAlreadyConnectedError
  | ConnectionCancelledError
  | UserRejectedRequestError
  | ProviderRequestError

/**
 * Connects a wallet: status goes `connecting` (with the WalletConnect pairing URI once known)
 * then `connected`, or back to `disconnected` with the error. A rejection in the wallet is a
 * `UserRejectedRequestError`.
 */
export async function connect(
  config: LatchConfig,
  parameters: ConnectParameters,
): Promise<ConnectReturnType> {
  const connector = getConnector(config, parameters.connectorId)
  if (config.getState().status === 'connected') throw new ConnectorAlreadyConnectedError()

  const attempt = config._internal.beginAttempt()
  config._internal.setState((state) => ({
    ...state,
    ...disconnectedState,
    status: 'connecting',
    connectorId: connector.id,
  }))
  const stopDisplayUri = connector.onDisplayUri?.((pairingUri) => {
    if (config._internal.isCurrentAttempt(attempt))
      config._internal.setState((state) => ({ ...state, pairingUri }))
  })

  try {
    config._internal.setConnectSignIn(undefined)
    const chainId = parameters.chainId ?? getPreferredChainId(config)
    // Without a sign-in to ask for, the connector is called in this tick, as before.
    const signIn =
      parameters.signIn && connector.type === 'WALLET_CONNECT'
        ? await requestSignIn(config, connector, parameters.signIn)
        : undefined
    const result = await connector.connect(signIn ? { chainId, signIn } : { chainId })
    if (!config._internal.isCurrentAttempt(attempt)) {
      // The person moved on (closed the modal or picked another wallet): drop the session.
      await connector.disconnect().catch(() => {})
      throw new ConnectionCancelledError()
    }
    const [address] = result.accounts
    if (result.signIn && address) config._internal.setConnectSignIn({ ...result.signIn, address })
    setConnected(config, connector, result)
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
    if (config._internal.isCurrentAttempt(attempt))
      config._internal.setState((state) => ({
        ...state,
        ...disconnectedState,
        error: connectError,
      }))
    throw connectError
  } finally {
    stopDisplayUri?.()
  }
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
  const stored = config.storage.getActiveCaipNetworkId()
  const network = config.networks.find((n) => stored === `eip155:${n.id}`)
  return (network ?? config.networks[0])?.id
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
