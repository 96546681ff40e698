import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { Connector, ConnectorConnectResult } from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { getErrorAlertId } from '../errors/errorAlerts.ts'
import { setNamespaceConnection } from '../namespaces/setNamespaceConnection.ts'

/** Remembers `chainId` as the last used chain when the app configured it. */
export function rememberChain(config: LatchConfig, chainId: number): void {
  if (config.networks.some((network) => network.id === chainId))
    config.storage.setActiveCaipNetworkId(toCaipNetworkId({ reference: chainId }))
}

/**
 * Marks `connector` connected with `result` (the eip155 namespace, made active), remembers it
 * (and its chain) for the next reload, and follows its events: account and chain changes
 * update the state; an empty account list or a wallet-side disconnect (a WalletConnect
 * session deleted or expired) ends the connection and forgets the connector. Another
 * namespace's connection stays. A WalletConnect session of Solana or Bitcoin only (no EVM
 * accounts) connects those namespaces instead: the promise settles once they have
 * (`ConnectorAccountNotFoundError` when none could).
 */
export function setConnected(
  config: LatchConfig,
  connector: Connector,
  result: ConnectorConnectResult,
): Promise<unknown> | undefined {
  if (result.accounts.length === 0 && connector.namespaceConnectors)
    return import('../namespaces/connectSessionNamespaces.ts').then((module) =>
      module.connectSessionOnly(config, connector),
    )
  const namespace = 'eip155'
  let connection = {
    connectorId: connector.id,
    address: result.accounts[0] as string,
    addresses: result.accounts,
    chainId: result.chainId,
    caipNetworkId: toCaipNetworkId({ reference: result.chainId }),
  }
  setNamespaceConnection(config, namespace, connection, { activate: true })
  config.storage.setConnectedConnectorId(connector.chainNamespace, connector.id)
  rememberChain(config, result.chainId)
  // A WalletConnect session may also hold Solana and Bitcoin accounts.
  if (connector.namespaceConnectors)
    void import('../namespaces/connectSessionNamespaces.ts').then((module) =>
      module.connectSessionNamespaces(config, connector),
    )

  const ended = (error?: Error) => {
    config._internal.setConnectorWatch(undefined, namespace)
    config.storage.removeConnectedConnectorId(connector.chainNamespace)
    // An alert-worthy end (the embedded wallet's session expired) stays for the page to show.
    setNamespaceConnection(config, namespace, undefined, {
      error: error && getErrorAlertId(error) ? error : undefined,
    })
  }
  const stops = [
    connector.onAccountsChanged((accounts) => {
      if (accounts.length === 0) return ended()
      connection = { ...connection, address: accounts[0] as string, addresses: accounts }
      setNamespaceConnection(config, namespace, connection)
    }),
    connector.onChainChanged((chainId) => {
      connection = {
        ...connection,
        chainId,
        caipNetworkId: toCaipNetworkId({ reference: chainId }),
      }
      setNamespaceConnection(config, namespace, connection)
      rememberChain(config, chainId)
    }),
    connector.onDisconnect((error) => ended(error)),
  ]
  config._internal.setConnectorWatch(() => {
    for (const stop of stops) stop()
  }, namespace)
}
