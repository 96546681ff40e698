import { DevnetError } from '../errors.ts'

/** Solana's JSON-RPC error codes (agave `rpc_custom_error.rs` and JSON-RPC 2.0). */
export const solanaRpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  transactionSimulationFailed: -32002,
  signatureVerificationFailure: -32003,
  blockNotAvailable: -32004,
  transactionVersionNotSupported: -32015,
  minContextSlotNotReached: -32016,
} as const

/** A JSON-RPC error the local Solana chain answers: Solana's code, its wording, and `data` where Solana sends some. */
export class SolanaRpcError extends DevnetError {
  override name = 'SolanaRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.shortMessage }
      : { code: this.code, message: this.shortMessage, data: this.data }
  }
}

export function invalidParams(message: string): SolanaRpcError {
  return new SolanaRpcError(solanaRpcErrorCodes.invalidParams, message)
}
