import type { Connector, NamespaceConnector } from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotFoundError } from '../errors/connector.ts'
import type { LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'
import { groupMultiChainConnectors } from './groupMultiChainConnectors.ts'

/**
 * The connector `connectorId` names for `namespace`: an EVM connector, a Solana or Bitcoin
 * one, or a MULTI_CHAIN wallet's connector of that namespace (default: eip155 when it has
 * one, else its first). `ConnectorNotFoundError` when there is none.
 */
export function resolveConnector(
  config: LatchConfig,
  connectorId: string,
  namespace?: LatchNamespace,
): Connector | NamespaceConnector {
  const { connectors, namespaceConnectors } = config.getState()
  const fits = (connector: Connector | NamespaceConnector) =>
    namespace === undefined ||
    (connector.chainNamespace === 'solana' || connector.chainNamespace === 'bip122'
      ? connector.chainNamespace
      : 'eip155') === namespace
  const direct = [...connectors, ...namespaceConnectors].find(
    (connector) => connector.id === connectorId && fits(connector),
  )
  if (direct) return direct
  for (const listed of groupMultiChainConnectors(connectors, namespaceConnectors)) {
    if (!('connectors' in listed)) continue
    const members = Object.values(listed.connectors).filter(
      (entry): entry is Connector | NamespaceConnector => entry !== undefined,
    )
    if (listed.id !== connectorId && !members.some((entry) => entry.id === connectorId)) continue
    const picked = namespace
      ? listed.connectors[namespace]
      : (listed.connectors.eip155 ?? members[0])
    if (picked) return picked
  }
  throw new ConnectorNotFoundError(namespace ? `${connectorId} (${namespace})` : connectorId)
}
