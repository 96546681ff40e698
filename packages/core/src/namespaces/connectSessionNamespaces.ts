import { getPreferredNetwork } from '../actions/getPreferredNetwork.ts'
import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { Connector, NamespaceConnector, NamespaceConnectResult } from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorAccountNotFoundError } from '../errors/connector.ts'
import { setNamespaceConnection } from './setNamespaceConnection.ts'

/**
 * After a WalletConnect wallet connected (or was restored) on eip155: the Solana and Bitcoin
 * accounts its session also approved land in their namespaces (not made active), unless
 * another wallet holds that namespace already. Each follows the session: its accounts when
 * the wallet updates it, none (the namespace ends) when the session ends.
 */
export async function connectSessionNamespaces(
  config: LatchConfig,
  connector: Connector,
  options: { activate?: boolean } = {},
): Promise<NamespaceConnectResult | undefined> {
  let first: NamespaceConnectResult | undefined
  for (const side of connector.namespaceConnectors ?? []) {
    const namespace = side.chainNamespace
    if (config.getState().namespaces[namespace]) continue
    const network = getPreferredNetwork(config, namespace)
    if (!network) continue
    try {
      const result = await side.connect({
        caipNetworkId: network.caipNetworkId as CaipNetworkId,
        isReconnecting: true,
      })
      if (config.getState().namespaces[namespace]) continue
      setNamespaceConnection(
        config,
        namespace,
        toConnection(side, result.accounts, result.caipNetworkId),
        { activate: options.activate === true && first === undefined },
      )
      first ??= result
      watchSide(config, side)
    } catch {
      // The wallet approved nothing of this namespace: it stays as it was.
    }
  }
  return first
}

/**
 * After a WalletConnect wallet that approved only Solana or Bitcoin connected (or was
 * restored): its namespaces land, the first made active, and the session is remembered for
 * the next reload under the WalletConnect connector. `ConnectorAccountNotFoundError` when
 * none of its accounts could land (another wallet holds those namespaces).
 */
export async function connectSessionOnly(
  config: LatchConfig,
  connector: Connector,
): Promise<NamespaceConnectResult> {
  const result = await connectSessionNamespaces(config, connector, { activate: true })
  if (!result) throw new ConnectorAccountNotFoundError(connector.name)
  config.storage.setConnectedConnectorId(connector.chainNamespace, connector.id)
  return result
}

function toConnection(
  side: NamespaceConnector,
  accounts: Awaited<ReturnType<NamespaceConnector['connect']>>['accounts'],
  caipNetworkId: CaipNetworkId,
) {
  return {
    connectorId: side.id,
    address: (accounts[0] as (typeof accounts)[0]).address,
    addresses: accounts.map((account) => account.address),
    accounts,
    caipNetworkId,
  }
}

function watchSide(config: LatchConfig, side: NamespaceConnector): void {
  const namespace = side.chainNamespace
  const stop = side.onAccountsChanged((accounts) => {
    const current = config.getState().namespaces[namespace]
    if (current?.connectorId !== side.id) return
    if (accounts.length > 0)
      return setNamespaceConnection(
        config,
        namespace,
        toConnection(side, accounts, current.caipNetworkId),
      )
    config._internal.setConnectorWatch(undefined, namespace)
    setNamespaceConnection(config, namespace, undefined)
    // A Solana- or Bitcoin-only session ended: nothing to restore after a reload.
    const state = config.getState()
    const stored = config.storage.getConnectedConnectorIds().eip155
    if (!state.namespaces.eip155 && stored === side.id && state.status !== 'connecting')
      config.storage.removeConnectedConnectorId('eip155')
  })
  config._internal.setConnectorWatch(stop, namespace)
}
