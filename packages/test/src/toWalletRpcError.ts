/** An EIP-1193 error as a wallet answers it (4001 user rejected, 4902 unknown chain...). */
export type WalletRpcError = { code: number; message: string; data?: string }

/** Turns anything thrown while answering into the EIP-1193 error a page receives. */
export function toWalletRpcError(error: unknown): WalletRpcError {
  if (error instanceof Error && 'code' in error && typeof error.code === 'number')
    return { code: error.code, message: error.message }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}
