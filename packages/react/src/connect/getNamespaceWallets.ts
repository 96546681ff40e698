import {
  type Connector,
  groupMultiChainConnectors,
  type LatchNamespace,
  type NamespaceConnector,
} from '@latch/core'
import type { ConnectWalletItem } from './getConnectWallets.ts'

export type GetNamespaceWalletsParameters = {
  /** The EVM connectors (announced wallets, WalletConnect, the embedded wallet). */
  connectors: readonly Connector[]
  /** The Wallet Standard Solana and Bitcoin wallets found so far. */
  namespaceConnectors: readonly NamespaceConnector[]
  /** Only wallets of this namespace (the connect modal opened for a Solana or Bitcoin network). */
  namespace?: 'solana' | 'bip122' | undefined
  /** The namespaces a wallet is connected in already: a wallet of several offers another. */
  connected: readonly LatchNamespace[]
}

export type GetNamespaceWalletsReturnType = {
  /** Rows for Solana and Bitcoin wallets (one per wallet; installed in this browser). */
  items: ConnectWalletItem[]
  /** An EVM wallet that is also a Solana or Bitcoin wallet: its row's badges, by connector id. */
  badges: ReadonlyMap<string, readonly LatchNamespace[]>
}

/**
 * The Wallet Standard wallets as the Connect view lists them: each wallet once (a wallet of
 * several namespaces is one MULTI_CHAIN row with a badge per namespace). Picking a row
 * connects that wallet's connector of the filter's namespace; without a filter, of the
 * first namespace it is not connected in yet. An EVM wallet that also covers Solana or
 * Bitcoin keeps its EVM row (with badges), which connects EVM as before.
 */
export function getNamespaceWallets(
  parameters: GetNamespaceWalletsParameters,
): GetNamespaceWalletsReturnType {
  const { namespace, connected } = parameters
  const items: ConnectWalletItem[] = []
  const badges = new Map<string, readonly LatchNamespace[]>()
  const item = (
    connector: NamespaceConnector,
    name: string,
    icon: string,
    namespaces: readonly LatchNamespace[],
  ): ConnectWalletItem => ({
    key: `connector:${connector.id}`,
    name,
    icon: icon || undefined,
    tag: 'installed',
    namespaces,
    target: { type: 'connector', connectorId: connector.id },
  })
  for (const listed of groupMultiChainConnectors(
    parameters.connectors,
    parameters.namespaceConnectors,
  )) {
    if ('connectors' in listed) {
      const evm = listed.connectors.eip155
      if (namespace) {
        const picked = listed.connectors[namespace]
        if (picked) items.push(item(picked, listed.name, listed.icon, listed.chainNamespaces))
        continue
      }
      if (evm) {
        badges.set(evm.id, listed.chainNamespaces)
        continue
      }
      // No EVM member here: every member is a Solana or Bitcoin connector.
      const members = listed.chainNamespaces.filter(
        (entry): entry is 'solana' | 'bip122' => entry !== 'eip155',
      )
      const open = members.find((entry) => !connected.includes(entry)) ?? members[0]
      const picked = open ? listed.connectors[open] : undefined
      if (picked) items.push(item(picked, listed.name, listed.icon, listed.chainNamespaces))
      continue
    }
    if (listed.chainNamespace !== 'solana' && listed.chainNamespace !== 'bip122') continue
    if (namespace && listed.chainNamespace !== namespace) continue
    const connector = listed as NamespaceConnector
    items.push(item(connector, connector.name, connector.icon, [connector.chainNamespace]))
  }
  return { items, badges }
}
