import type { ConnectorConnectResult } from '../connectors/types.ts'
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
import { getConnector } from './getConnector.ts'
import { setConnected } from './watchConnector.ts'

export type ConnectParameters = {
  connectorId: string
  /** Preferred chain; default the first configured network. */
  chainId?: number | undefined
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
    const result = await connector.connect({
      chainId: parameters.chainId ?? config.networks[0]?.id,
    })
    if (!config._internal.isCurrentAttempt(attempt)) {
      // The person moved on (closed the modal or picked another wallet): drop the session.
      await connector.disconnect().catch(() => {})
      throw new ConnectionCancelledError()
    }
    setConnected(config, connector, result)
    return result
  } catch (error) {
    const connectError = toConnectorError(error)
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
