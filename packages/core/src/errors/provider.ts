import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * Errors a wallet (EIP-1193 provider) or a JSON-RPC node answers with, one class per code of
 * spec section 8. The short message is the spec's; the wallet's own text stays in `details`
 * and the original error in `cause`. `fromProviderError` picks the class from the code.
 */

/** The person declined in the wallet (EIP-1193 4001, or a WalletConnect 5000-5003 rejection). */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError' as const
  override readonly code = 4001
  constructor(parameters: BaseErrorParameters = {}) {
    super('User rejected the request.', parameters)
  }
}

/**
 * Any other error a wallet answered with (spec: 5000, the default): its own message, and its
 * EIP-1193 / JSON-RPC code when it gave one, else 5000.
 */
export class ProviderRequestError extends BaseError {
  override name = 'ProviderRequestError' as const
  override readonly code: number
  constructor(message: string, parameters: BaseErrorParameters & { code?: number | undefined }) {
    super(message.endsWith('.') ? message : `${message}.`, parameters)
    this.code = parameters.code ?? 5000
  }
}

/** EIP-1193 4100: the wallet has not authorized the method or the account. */
export class UnauthorizedProviderError extends BaseError {
  override name = 'UnauthorizedProviderError' as const
  override readonly code = 4100
  constructor(parameters: BaseErrorParameters = {}) {
    super('Unauthorized.', {
      ...parameters,
      metaMessages: ['The wallet has not authorized this method or account.'],
    })
  }
}

/** EIP-1193 4900: the wallet is disconnected from every chain. */
export class ProviderDisconnectedError extends BaseError {
  override name = 'ProviderDisconnectedError' as const
  override readonly code = 4900
  constructor(parameters: BaseErrorParameters = {}) {
    super('Disconnected.', parameters)
  }
}

/** EIP-1193 4901: the wallet is not connected to the requested chain. */
export class ChainDisconnectedError extends BaseError {
  override name = 'ChainDisconnectedError' as const
  override readonly code = 4901
  constructor(parameters: BaseErrorParameters = {}) {
    super('Chain disconnected.', parameters)
  }
}

/** Wallet code 32603 (spec section 8): the wallet refused the chain id. */
export class InvalidChainIdError extends BaseError {
  override name = 'InvalidChainIdError' as const
  override readonly code = 32603
  constructor(parameters: BaseErrorParameters = {}) {
    super('Invalid chain id.', parameters)
  }
}

/** JSON-RPC -32700: the node could not parse the request. */
export class ParseRpcError extends BaseError {
  override name = 'ParseRpcError' as const
  override readonly code = -32700
  constructor(parameters: BaseErrorParameters = {}) {
    super('Parse error.', parameters)
  }
}

/** JSON-RPC -32600: the request is not a valid JSON-RPC request. */
export class InvalidRequestRpcError extends BaseError {
  override name = 'InvalidRequestRpcError' as const
  override readonly code = -32600
  constructor(parameters: BaseErrorParameters = {}) {
    super('Invalid Request.', parameters)
  }
}

/** JSON-RPC -32601: the method does not exist or is not available. */
export class MethodNotFoundRpcError extends BaseError {
  override name = 'MethodNotFoundRpcError' as const
  override readonly code = -32601
  constructor(parameters: BaseErrorParameters = {}) {
    super('Method not found.', parameters)
  }
}

/** JSON-RPC -32602: the method's parameters are invalid. */
export class InvalidParamsRpcError extends BaseError {
  override name = 'InvalidParamsRpcError' as const
  override readonly code = -32602
  constructor(parameters: BaseErrorParameters = {}) {
    super('Invalid params.', parameters)
  }
}

/** JSON-RPC -32603: the node failed internally. */
export class InternalRpcError extends BaseError {
  override name = 'InternalRpcError' as const
  override readonly code = -32603
  constructor(parameters: BaseErrorParameters = {}) {
    super('Internal error.', parameters)
  }
}

/** JSON-RPC -32000: a server error (e.g. a transaction the node refused). */
export class ServerRpcError extends BaseError {
  override name = 'ServerRpcError' as const
  override readonly code = -32000
  constructor(parameters: BaseErrorParameters = {}) {
    super('Server error.', parameters)
  }
}
