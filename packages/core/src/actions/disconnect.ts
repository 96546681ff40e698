import { disconnectedState, type LatchConfig } from '../createLatchConfig.ts'
import { DisconnectFailedError } from '../errors/connector.ts'

export type DisconnectErrorType = DisconnectFailedError

/**
 * Disconnects the wallet (spec section 4): the app forgets the account, the chain and the
 * stored connector ids at once, whatever the wallet says, then the connector ends its side
 * (WalletConnect deletes its session and the universal provider's `wc@2:universal_provider:`
 * keys). When the wallet fails, `DisconnectFailedError` ("Failed to disconnect.") is recorded
 * in `state.error` and thrown; the state stays disconnected. Recent wallets are kept.
 */
export async function disconnect(config: LatchConfig): Promise<void> {
  const { connectorId } = config.getState()
  const connector = config.getState().connectors.find((c) => c.id === connectorId)
  config._internal.beginAttempt()
  config._internal.setConnectorWatch(undefined)
  config.storage.removeConnectedConnectorId()
  config._internal.setState((state) => ({ ...state, ...disconnectedState }))
  if (!connector) return
  try {
    await connector.disconnect()
  } catch (cause) {
    const error = new DisconnectFailedError(cause)
    config.logs?.error('Disconnecting the wallet failed.', { connectorId, error: cause })
    // Only when nothing newer (a new connection) has started meanwhile.
    if (config.getState().status === 'disconnected')
      config._internal.setState((state) => ({ ...state, error }))
    throw error
  }
}
