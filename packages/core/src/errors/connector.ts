import { BaseError } from './base.ts'

/** The connector id passed to an action matches no known connector. */
export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError' as const
  override readonly code = 'CONNECTOR_NOT_FOUND'
  constructor(connectorId: string) {
    super(`Connector "${connectorId}" was not found.`, {
      metaMessages: ['Wallets announced through EIP-6963 appear a moment after the page loads.'],
    })
  }
}

/** `connect` was called while a wallet is already connected. */
export class ConnectorAlreadyConnectedError extends BaseError {
  override name = 'ConnectorAlreadyConnectedError' as const
  override readonly code = 'CONNECTOR_ALREADY_CONNECTED'
  constructor() {
    super('Connector already connected.', { metaMessages: ['Disconnect first.'] })
  }
}

/** An action needs a connected wallet and there is none. */
export class ConnectorNotConnectedError extends BaseError {
  override name = 'ConnectorNotConnectedError' as const
  override readonly code = 'CONNECTOR_NOT_CONNECTED'
  constructor() {
    super('Connector not connected.')
  }
}

/** The wallet answered a connection request without any account. */
export class ConnectorAccountNotFoundError extends BaseError {
  override name = 'ConnectorAccountNotFoundError' as const
  override readonly code = 'CONNECTOR_ACCOUNT_NOT_FOUND'
  constructor(connectorName: string) {
    super(`"${connectorName}" returned no account.`)
  }
}

/** A chain id is not among the configured networks. */
export class ChainNotConfiguredError extends BaseError {
  override name = 'ChainNotConfiguredError' as const
  override readonly code = 'CHAIN_NOT_CONFIGURED'
  constructor(chainId: number | string) {
    super(`Chain "${chainId}" is not configured.`)
  }
}

/** A connection attempt was superseded (modal closed, or a newer attempt started). */
export class ConnectionCancelledError extends BaseError {
  override name = 'ConnectionCancelledError' as const
  override readonly code = 'CONNECTION_CANCELLED'
  constructor() {
    super('The connection attempt was cancelled.')
  }
}

/** Disconnecting failed in the wallet; the app state is reset regardless (spec section 4). */
export class DisconnectFailedError extends BaseError {
  override name = 'DisconnectFailedError' as const
  override readonly code = 'DISCONNECT_FAILED'
  constructor(cause: unknown) {
    super('Failed to disconnect.', { cause })
  }
}

/** Maps whatever a wallet threw to a `BaseError`; the same as `fromProviderError`. */
export { fromProviderError as toConnectorError } from './fromProviderError.ts'
// The wallet's own errors, kept importable from here.
export { ProviderRequestError, UserRejectedRequestError } from './provider.ts'

/**
 * The WalletConnect relay did not answer in time (socket closed or unreachable), so no QR
 * code can be shown; raised instead of waiting forever.
 */
export class RelayUnavailableError extends BaseError {
  override name = 'RelayUnavailableError' as const
  override readonly code = 'RELAY_UNAVAILABLE'
  constructor(parameters: { timeoutMs: number }) {
    super('The WalletConnect relay is unavailable.', {
      details: `No connection to the relay within ${parameters.timeoutMs} ms.`,
    })
  }
}
