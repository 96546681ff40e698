import type { Connector, ConnectorConnectResult } from '../connectors/types.ts'
import {
  disconnectedState,
  type LatchConfig,
  recentConnectorStorageKey,
} from '../createLatchConfig.ts'

/**
 * Marks `connector` connected with `result` and follows its events: account and chain changes
 * update the state; an empty account list or a wallet-side disconnect ends the connection.
 */
export function setConnected(
  config: LatchConfig,
  connector: Connector,
  result: ConnectorConnectResult,
): void {
  config._internal.setState((state) => ({
    ...state,
    status: 'connected',
    connectorId: connector.id,
    address: result.accounts[0],
    addresses: result.accounts,
    chainId: result.chainId,
    pairingUri: undefined,
    error: undefined,
  }))
  config.storage?.setItem(recentConnectorStorageKey, connector.id)

  const ended = () => {
    config._internal.setConnectorWatch(undefined)
    config.storage?.removeItem(recentConnectorStorageKey)
    config._internal.setState((state) => ({ ...state, ...disconnectedState }))
  }
  const stops = [
    connector.onAccountsChanged((accounts) => {
      if (accounts.length === 0) return ended()
      config._internal.setState((state) => ({
        ...state,
        address: accounts[0],
        addresses: accounts,
      }))
    }),
    connector.onChainChanged((chainId) =>
      config._internal.setState((state) => ({ ...state, chainId })),
    ),
    connector.onDisconnect(() => ended()),
  ]
  config._internal.setConnectorWatch(() => {
    for (const stop of stops) stop()
  })
}
