/** Limits of the JSON-RPC endpoint (`POST /v1/?chainId=...&projectId=...`). */
export type RpcSettings = {
  /** Time for one call to the node, answer read included (LATCH_RPC_TIMEOUT_MS). */
  timeoutMs: number
  /** Requests in one batch at most; a longer batch is refused whole (LATCH_RPC_MAX_BATCH). */
  maxBatch: number
  /** Blocks one eth_getLogs call may span (LATCH_RPC_MAX_LOG_BLOCK_RANGE). */
  maxLogBlockRange: number
  /** The largest answer read from a node; a larger one is an internal error (-32603). */
  maxResponseBytes: number
}

/** The limits when no setting says otherwise; 10 s is spec section 9's RPC timeout. */
export const defaultRpcSettings: RpcSettings = {
  timeoutMs: 10_000,
  maxBatch: 20,
  maxLogBlockRange: 10_000,
  maxResponseBytes: 16 * 1024 * 1024,
}
