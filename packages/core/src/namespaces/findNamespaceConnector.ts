import type { NamespaceConnector } from '../connectors/types.ts'
import type { LatchState } from '../createLatchConfig.ts'

/**
 * The connector behind a Solana or Bitcoin connection: a Wallet Standard wallet, or the
 * WalletConnect session's side of that namespace (`Connector.namespaceConnectors`).
 */
export function findNamespaceConnector(
  state: Pick<LatchState, 'connectors' | 'namespaceConnectors'>,
  namespace: 'solana' | 'bip122',
  connectorId: string | undefined,
): NamespaceConnector | undefined {
  if (connectorId === undefined) return undefined
  return [
    ...state.namespaceConnectors,
    ...state.connectors.flatMap((connector) => connector.namespaceConnectors ?? []),
  ].find((entry) => entry.id === connectorId && entry.chainNamespace === namespace)
}
