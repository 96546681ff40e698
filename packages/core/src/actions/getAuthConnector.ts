import type { EmbeddedWalletApi } from '../connectors/embeddedWalletTypes.ts'
import type { Connector } from '../connectors/types.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { AuthConnectorNotFoundError } from '../errors/authConnector.ts'

export type GetAuthConnectorReturnType = Connector & { readonly embedded: EmbeddedWalletApi }

/** The config's embedded-wallet connector (type AUTH), if it has one. */
export function findAuthConnector(config: LatchConfig): GetAuthConnectorReturnType | undefined {
  return config
    .getState()
    .connectors.find(
      (connector): connector is GetAuthConnectorReturnType =>
        connector.type === 'AUTH' && connector.embedded !== undefined,
    )
}

/** The config's embedded-wallet connector; `AuthConnectorNotFoundError` without one. */
export function getAuthConnector(config: LatchConfig): GetAuthConnectorReturnType {
  const connector = findAuthConnector(config)
  if (!connector) throw new AuthConnectorNotFoundError()
  return connector
}
