import type { Connector, MultiChainConnector, NamespaceConnector } from '../connectors/types.ts'

/** A connector as the wallet list shows it: one per wallet, whatever it covers. */
export type ListedConnector = Connector | NamespaceConnector | MultiChainConnector

const namespaceOrder = ['eip155', 'solana', 'bip122'] as const

/** The name a wallet goes by in every standard ("Phantom", "phantom " -> "phantom"). */
const walletKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/**
 * The wallet list with each wallet once (spec section 3): an EIP-6963 wallet and Wallet
 * Standard wallets of the same name (Phantom: EVM, Solana and Bitcoin) become one
 * MULTI_CHAIN connector with a connector per namespace, where the EVM one stood. Wallets of
 * one namespace stay as they are; WalletConnect and the embedded wallet are never grouped.
 */
export function groupMultiChainConnectors(
  connectors: readonly Connector[],
  namespaceConnectors: readonly NamespaceConnector[],
): readonly ListedConnector[] {
  const groups = new Map<string, (Connector | NamespaceConnector)[]>()
  const add = (connector: Connector | NamespaceConnector) => {
    const key = walletKey(connector.name)
    const group = groups.get(key) ?? []
    if (!group.some((entry) => entry.chainNamespace === connector.chainNamespace))
      group.push(connector)
    groups.set(key, group)
  }
  const announced = connectors.filter((connector) => connector.type === 'ANNOUNCED')
  for (const connector of [...announced, ...namespaceConnectors]) add(connector)

  const listed: ListedConnector[] = []
  for (const [key, group] of groups) {
    const [first] = group
    if (!first) continue
    if (group.length === 1) {
      listed.push(first)
      continue
    }
    const byNamespace = Object.fromEntries(group.map((entry) => [entry.chainNamespace, entry]))
    listed.push({
      id: `multiChain.${key}`,
      name: first.name,
      icon: first.icon,
      type: 'MULTI_CHAIN',
      rdns: 'rdns' in first ? first.rdns : undefined,
      chainNamespaces: namespaceOrder.filter((namespace) => byNamespace[namespace]),
      connectors: byNamespace as MultiChainConnector['connectors'],
    })
  }
  return [...listed, ...connectors.filter((connector) => connector.type !== 'ANNOUNCED')]
}
