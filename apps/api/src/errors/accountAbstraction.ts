import { jsonRpcErrorCodes } from '@latch/api-contract'
import { BaseError } from './base.ts'
import { RpcError } from './rpc.ts'

/** `POST /v1/bundler` or `/v1/paymaster` for a chain the API serves without ERC-4337 (400). */
export class SmartAccountsNotConfiguredError extends BaseError {
  override name = 'SmartAccountsNotConfiguredError'
  constructor({ chainId }: { chainId: number }) {
    super(`Smart accounts are not configured for eip155:${chainId}.`, { code: 'BAD_REQUEST' })
  }
}

/** `POST /v1/paymaster` for a chain with smart accounts but no paymaster service (400). */
export class PaymasterNotConfiguredError extends BaseError {
  override name = 'PaymasterNotConfiguredError'
  constructor({ chainId }: { chainId: number }) {
    super(`Gas sponsorship is not configured for eip155:${chainId}.`, { code: 'BAD_REQUEST' })
  }
}

/** The `bundler` query parameter names no bundler configured for the chain (400). */
export class UnknownBundlerError extends BaseError {
  override name = 'UnknownBundlerError'
  constructor({ chainId, bundler, known }: { chainId: number; bundler: string; known: string[] }) {
    super(
      `No bundler "${bundler}" for eip155:${chainId}; configured: ${known.map((name) => `"${name}"`).join(', ')}.`,
      { code: 'BAD_REQUEST' },
    )
  }
}

/**
 * The bundler or paymaster service answered with a non-OK HTTP status (-32603), in the spec's
 * words (section 8): 'Failed to fetch user operation receipt - {status}'.
 */
export class UserOperationHttpStatusError extends RpcError {
  override name = 'UserOperationHttpStatusError'
  readonly httpStatus: number
  constructor({ httpStatus }: { httpStatus: number }) {
    super(`Failed to fetch user operation receipt - ${httpStatus}`, {
      rpcCode: jsonRpcErrorCodes.internalError,
    })
    this.httpStatus = httpStatus
  }
}

/**
 * The bundler or paymaster service did not answer (refused, timed out, too large, not JSON)
 * (-32603). Names the service and chain, never its URL (which may hold a provider key).
 */
export class UserOperationUpstreamError extends RpcError {
  override name = 'UserOperationUpstreamError'
  constructor({ service, reason, cause }: { service: string; reason: string; cause?: unknown }) {
    super(`Internal error: ${service} ${reason}`, {
      rpcCode: jsonRpcErrorCodes.internalError,
      cause,
    })
  }
}
