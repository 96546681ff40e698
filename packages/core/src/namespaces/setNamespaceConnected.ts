import type { NamespaceConnector, NamespaceConnectResult } from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { setNamespaceConnection } from './setNamespaceConnection.ts'

/**
 * Marks a Solana or Bitcoin `connector` connected (its namespace made active unless
 * `activate` is false), remembers it for the next reload and follows its accounts: none
 * ends that namespace's connection only.
 */
export function setNamespaceConnected(
  config: LatchConfig,
  connector: NamespaceConnector,
  result: NamespaceConnectResult,
  options: { activate?: boolean } = {},
): void {
  const namespace = connector.chainNamespace
  const toConnection = (
    accounts: NamespaceConnectResult['accounts'],
    caipNetworkId = result.caipNetworkId,
  ) => ({
    connectorId: connector.id,
    address: (accounts[0] as (typeof accounts)[0]).address,
    addresses: accounts.map((account) => account.address),
    accounts,
    caipNetworkId,
  })
  const activate = options.activate ?? true
  setNamespaceConnection(config, namespace, toConnection(result.accounts), { activate })
  config.storage.setConnectedConnectorId(namespace, connector.id)
  // The last used network is the one on top: a wallet restored beside it does not take that.
  if (activate) config.storage.setActiveCaipNetworkId(result.caipNetworkId)
  const stop = connector.onAccountsChanged((accounts) => {
    const current = config.getState().namespaces[namespace]
    if (current?.connectorId !== connector.id) return
    if (accounts.length > 0)
      return setNamespaceConnection(
        config,
        namespace,
        toConnection(accounts, current.caipNetworkId),
      )
    config._internal.setConnectorWatch(undefined, namespace)
    config.storage.removeConnectedConnectorId(namespace)
    setNamespaceConnection(config, namespace, undefined)
  })
  config._internal.setConnectorWatch(stop, namespace)
}
