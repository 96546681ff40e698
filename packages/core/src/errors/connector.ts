import { BaseError, type BaseErrorParameters } from './base.ts'

/** The connector id passed to an action matches no known connector. */
export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError' as const
  constructor(connectorId: string) {
    super(`Connector "${connectorId}" was not found.`, {
      metaMessages: ['Wallets announced through EIP-6963 appear a moment after the page loads.'],
    })
  }
}

/** `connect` was called while a wallet is already connected. */
export class ConnectorAlreadyConnectedError extends BaseError {
  override name = 'ConnectorAlreadyConnectedError' as const
  constructor() {
    super('Connector already connected.', { metaMessages: ['Disconnect first.'] })
  }
}

/** An action needs a connected wallet and there is none. */
export class ConnectorNotConnectedError extends BaseError {
  override name = 'ConnectorNotConnectedError' as const
  constructor() {
    super('Connector not connected.')
  }
}

/** The wallet answered a connection request without any account. */
export class ConnectorAccountNotFoundError extends BaseError {
  override name = 'ConnectorAccountNotFoundError' as const
  constructor(connectorName: string) {
    super(`"${connectorName}" returned no account.`)
  }
}

/** A chain id is not among the configured networks. */
export class ChainNotConfiguredError extends BaseError {
  override name = 'ChainNotConfiguredError' as const
  constructor(chainId: number | string) {
    super(`Chain "${chainId}" is not configured.`)
  }
}

/** The person declined in the wallet (EIP-1193 4001, or a WalletConnect 5000-5003 rejection). */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError' as const
  readonly code = 4001
  constructor(parameters: BaseErrorParameters = {}) {
    super('User rejected the request.', parameters)
  }
}

/** Any other error a wallet answered with; keeps its EIP-1193 / JSON-RPC code. */
export class ProviderRequestError extends BaseError {
  override name = 'ProviderRequestError' as const
  readonly code: number | undefined
  constructor(message: string, parameters: BaseErrorParameters & { code?: number | undefined }) {
    super(message.endsWith('.') ? message : `${message}.`, parameters)
    this.code = parameters.code
  }
}

/** A connection attempt was superseded (modal closed, or a newer attempt started). */
export class ConnectionCancelledError extends BaseError {
  override name = 'ConnectionCancelledError' as const
  constructor() {
    super('The connection attempt was cancelled.')
  }
}

/** Disconnecting failed in the wallet; the app state is reset regardless (spec section 4). */
export class DisconnectFailedError extends BaseError {
  override name = 'DisconnectFailedError' as const
  constructor(cause: unknown) {
    super('Failed to disconnect.', { cause })
  }
}

/** WalletConnect session rejections (USER_REJECTED, _CHAINS, _METHODS, _EVENTS). */
const walletConnectRejectionCodes = new Set([5000, 5001, 5002, 5003])

/** Maps whatever a wallet threw to a `BaseError`, recognising a user rejection. */
export function toConnectorError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number'
      ? error.code
      : undefined
  if (code === 4001 || (code !== undefined && walletConnectRejectionCodes.has(code)))
    return new UserRejectedRequestError({ cause: error })
  const message =
    typeof error === 'object' && error !== null && 'message' in error
      ? String(error.message)
      : String(error)
  return new ProviderRequestError(message || 'The wallet request failed.', { cause: error, code })
}

/**
 * The WalletConnect relay did not answer in time (socket closed or unreachable), so no QR
 * code can be shown; raised instead of waiting forever.
 */
export class RelayUnavailableError extends BaseError {
  override name = 'RelayUnavailableError' as const
  constructor(parameters: { timeoutMs: number }) {
    super('The WalletConnect relay is unavailable.', {
      details: `No connection to the relay within ${parameters.timeoutMs} ms.`,
    })
  }
}
