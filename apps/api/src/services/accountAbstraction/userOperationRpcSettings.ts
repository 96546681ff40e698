/** Limits of `POST /v1/bundler` and `/v1/paymaster`'s calls to the services behind them. */
export type UserOperationRpcSettings = {
  /** Time for one call, answer read included (LATCH_RPC_TIMEOUT_MS, as the RPC endpoint's). */
  timeoutMs: number
  /** The largest answer read; a larger one is an internal error (-32603). */
  maxResponseBytes: number
}

/** The limits when no setting says otherwise: 10 s is spec section 9's RPC timeout. */
export const defaultUserOperationRpcSettings: UserOperationRpcSettings = {
  timeoutMs: 10_000,
  maxResponseBytes: 1024 * 1024,
}
