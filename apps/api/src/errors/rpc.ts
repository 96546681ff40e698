import { jsonRpcErrorCodes } from '@latch/api-contract'
import { BaseError } from './base.ts'

/** Quotes a client-supplied value for an error message, cut short so a message stays readable. */
function quote(value: string): string {
  const shown = value.length > 66 ? `${value.slice(0, 63)}...` : value
  return JSON.stringify(shown)
}

/**
 * A failure of the JSON-RPC endpoint (`POST /v1/`) answered as a JSON-RPC error object with
 * `rpcCode` (HTTP 200, as nodes answer), not as the API's `{ error: { code, message } }`.
 */
export class RpcError extends BaseError {
  override name = 'RpcError'
  readonly rpcCode: number
  constructor(shortMessage: string, { rpcCode, cause }: { rpcCode: number; cause?: unknown }) {
    super(shortMessage, { code: 'BAD_REQUEST', cause })
    this.rpcCode = rpcCode
  }
}

/** The body is not JSON (-32700). */
export class RpcParseError extends RpcError {
  override name = 'RpcParseError'
  constructor() {
    super('Parse error: the request body is not valid JSON.', {
      rpcCode: jsonRpcErrorCodes.parseError,
    })
  }
}

/** Not a JSON-RPC 2.0 request object, or a batch that is empty or too long (-32600). */
export class RpcInvalidRequestError extends RpcError {
  override name = 'RpcInvalidRequestError'
  constructor({ reason }: { reason: string }) {
    super(`Invalid Request: ${reason}`, { rpcCode: jsonRpcErrorCodes.invalidRequest })
  }
}

/** A method off the endpoint's allow-list (-32601): node admin, signing, filters... */
export class RpcMethodNotAllowedError extends RpcError {
  override name = 'RpcMethodNotAllowedError'
  constructor({ method }: { method: string }) {
    super(`Method not found: ${quote(method)} is not available on this endpoint.`, {
      rpcCode: jsonRpcErrorCodes.methodNotFound,
    })
  }
}

/** Params that do not fit the method, or an eth_getLogs range over the cap (-32602). */
export class RpcInvalidParamsError extends RpcError {
  override name = 'RpcInvalidParamsError'
  constructor({ method, reason }: { method: string; reason: string }) {
    super(`Invalid params for ${method}: ${reason}`, { rpcCode: jsonRpcErrorCodes.invalidParams })
  }
}

/** The `chainId` query parameter is missing, malformed or names no served chain (-32602). */
export class RpcChainNotSupportedError extends RpcError {
  override name = 'RpcChainNotSupportedError'
  constructor({ chainId }: { chainId: string | undefined }) {
    super(
      chainId === undefined
        ? 'chainId is required (eip155:<chain id> or solana:<genesis hash prefix>).'
        : /^eip155:[1-9]\d{0,18}$/.test(chainId) ||
            /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(chainId)
          ? `Chain ${chainId} is not supported.`
          : `Invalid chainId ${quote(chainId)}: expected eip155:<chain id> or solana:<genesis hash prefix>.`,
      { rpcCode: jsonRpcErrorCodes.invalidParams },
    )
  }
}

/**
 * The chain's node failed (refused, timed out, answered garbage or too much) (-32603). The
 * message never holds the node's URL, which may carry a provider key.
 */
export class RpcUpstreamError extends RpcError {
  override name = 'RpcUpstreamError'
  constructor({
    chainId,
    reason,
    cause,
  }: {
    /** An EVM chain id, or a CAIP-2 id (`solana:...`). */
    chainId: number | string
    reason: string
    cause?: unknown
  }) {
    const caip = typeof chainId === 'number' ? `eip155:${chainId}` : chainId
    super(`Internal error: the node for chain ${caip} ${reason}`, {
      rpcCode: jsonRpcErrorCodes.internalError,
      cause,
    })
  }
}
