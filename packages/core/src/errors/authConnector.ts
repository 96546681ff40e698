import { BaseError } from './base.ts'

/** An embedded-wallet action ran without an auth connector, or before it has an account. */
export class AuthConnectorNotFoundError extends BaseError {
  override name = 'AuthConnectorNotFoundError' as const
  override readonly code = 'AUTH_CONNECTOR_NOT_FOUND'
  constructor() {
    super('Address or auth connector not found.', {
      metaMessages: ['Add `embeddedWallet({ authUrl, projectId })` to the connectors.'],
    })
  }
}
