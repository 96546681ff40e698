import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { Connector, ConnectorConnectResult } from '../connectors/types.ts'
import { disconnectedState, type LatchConfig } from '../createLatchConfig.ts'
import { getErrorAlertId } from '../errors/errorAlerts.ts'

/** Remembers `chainId` as the last used chain when the app configured it. */
export function rememberChain(config: LatchConfig, chainId: number): void {
  if (config.networks.some((network) => network.id === chainId))
    config.storage.setActiveCaipNetworkId(toCaipNetworkId({ reference: chainId }))
}

/**
 * Marks `connector` connected with `result`, remembers it (and its chain) for the next
 * reload, and follows its events: account and chain changes update the state; an empty
 * account list or a wallet-side disconnect (a WalletConnect session deleted or expired) ends
 * the connection and forgets the connector.
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
  config.storage.setConnectedConnectorId(connector.chainNamespace, connector.id)
  rememberChain(config, result.chainId)

  const ended = (error?: Error) => {
    config._internal.setConnectorWatch(undefined)
    config.storage.removeConnectedConnectorId(connector.chainNamespace)
    // An alert-worthy end (the embedded wallet's session expired) stays for the page to show.
    config._internal.setState((state) => ({
      ...state,
      ...disconnectedState,
      error: error && getErrorAlertId(error) ? error : undefined,
    }))
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
    connector.onChainChanged((chainId) => {
      config._internal.setState((state) => ({ ...state, chainId }))
      rememberChain(config, chainId)
    }),
    connector.onDisconnect((error) => ended(error)),
  ]
  config._internal.setConnectorWatch(() => {
    for (const stop of stops) stop()
  })
}
