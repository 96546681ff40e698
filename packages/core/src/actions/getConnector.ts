import type { Connector } from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotFoundError } from '../errors/connector.ts'

export type GetConnectorErrorType = ConnectorNotFoundError

/** Finds a connector by id among the config's connectors. */
export function getConnector(config: LatchConfig, connectorId: string): Connector {
  const connector = config.getState().connectors.find((c) => c.id === connectorId)
  if (!connector) throw new ConnectorNotFoundError(connectorId)
  return connector
}
