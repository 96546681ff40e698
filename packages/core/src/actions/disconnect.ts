import {
  disconnectedState,
  type LatchConfig,
  recentConnectorStorageKey,
} from '../createLatchConfig.ts'
import { DisconnectFailedError } from '../errors/connector.ts'

export type DisconnectErrorType = DisconnectFailedError

/**
 * Disconnects the wallet. The app state is reset first, whatever the wallet says; when the
 * wallet fails to end its session, `DisconnectFailedError` ("Failed to disconnect.") is thrown.
 */
export async function disconnect(config: LatchConfig): Promise<void> {
  const { connectorId } = config.getState()
  const connector = config.getState().connectors.find((c) => c.id === connectorId)
  config._internal.beginAttempt()
  config._internal.setConnectorWatch(undefined)
  config.storage?.removeItem(recentConnectorStorageKey)
  config._internal.setState((state) => ({ ...state, ...disconnectedState }))
  if (!connector) return
  try {
    await connector.disconnect()
  } catch (error) {
    throw new DisconnectFailedError(error)
  }
}
