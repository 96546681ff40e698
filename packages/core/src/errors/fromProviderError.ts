import { BaseError, type BaseErrorParameters } from './base.ts'
import { SwitchChainError } from './chain.ts'
import {
  ChainDisconnectedError,
  InternalRpcError,
  InvalidChainIdError,
  InvalidParamsRpcError,
  InvalidRequestRpcError,
  MethodNotFoundRpcError,
  ParseRpcError,
  ProviderDisconnectedError,
  ProviderRequestError,
  ServerRpcError,
  UnauthorizedProviderError,
  UserRejectedRequestError,
} from './provider.ts'

export type FromProviderErrorOptions = {
  /** The chain a switch was asked for: a 4902 answer is then a `SwitchChainError`. */
  chainId?: number | undefined
}

/** WalletConnect session rejections (USER_REJECTED, _CHAINS, _METHODS, _EVENTS). */
const walletConnectRejectionCodes = new Set([5000, 5001, 5002, 5003])

const byCode: Readonly<Record<number, new (parameters: BaseErrorParameters) => BaseError>> = {
  4001: UserRejectedRequestError,
  4100: UnauthorizedProviderError,
  4900: ProviderDisconnectedError,
  4901: ChainDisconnectedError,
  32603: InvalidChainIdError,
  [-32700]: ParseRpcError,
  [-32600]: InvalidRequestRpcError,
  [-32601]: MethodNotFoundRpcError,
  [-32602]: InvalidParamsRpcError,
  [-32603]: InternalRpcError,
  [-32000]: ServerRpcError,
}

const numericCode = (value: unknown): number | undefined =>
  typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number'
    ? value.code
    : undefined

/**
 * The first numeric code on the error or down its causes (viem wraps a node's answer), also
 * where MetaMask Mobile nests it (`data.originalError.code`).
 */
function findCode(error: unknown): number | undefined {
  let current = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    const nested = (current as { data?: { originalError?: unknown } }).data?.originalError
    const code = numericCode(current) ?? numericCode(nested)
    if (code !== undefined) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

function messageOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error ?? '')
  const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown }
  if (typeof shortMessage === 'string' && shortMessage) return shortMessage
  return typeof message === 'string' ? message : ''
}

/**
 * Turns whatever an EIP-1193 wallet or a JSON-RPC node threw into the error family by its
 * code (spec section 8): 4001 (and WalletConnect's 5000-5003 rejections) the person declined,
 * 4100 unauthorized, 4900 disconnected, 4901 chain disconnected, 4902 a failed switch (when
 * `chainId` says which), 32603 invalid chain id, and the JSON-RPC codes -32700, -32600, -32601,
 * -32602, -32603, -32000. Anything else is a `ProviderRequestError` keeping the wallet's
 * message and code (5000, the default, when it had none). Errors of the family pass through.
 */
export function fromProviderError(
  error: unknown,
  options: FromProviderErrorOptions = {},
): BaseError {
  if (error instanceof BaseError) return error
  const code = findCode(error)
  const message = messageOf(error)
  const details = message || undefined
  if (code !== undefined && walletConnectRejectionCodes.has(code))
    return new UserRejectedRequestError({ cause: error, details })
  if (code === 4902 && options.chainId !== undefined)
    return new SwitchChainError(options.chainId, error)
  const ErrorClass = code === undefined ? undefined : byCode[code]
  if (ErrorClass) return new ErrorClass({ cause: error, details })
  return new ProviderRequestError(message || 'The wallet request failed.', { cause: error, code })
}
