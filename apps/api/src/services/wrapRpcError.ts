import { HttpRequestError, TimeoutError, BaseError as ViemBaseError } from 'viem'
import { RpcUnavailableError } from '../errors/upstream.ts'

/** Whether a viem error means the RPC itself failed (refused, timed out, HTTP error). */
export function isTransportError(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return false
  return Boolean(
    error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError),
  )
}

/** Maps a viem error from a chain read to `RpcUnavailableError` (a 502); anything else as is. */
export function wrapRpcError(chainId: number, error: unknown): unknown {
  return error instanceof ViemBaseError ? new RpcUnavailableError({ chainId, cause: error }) : error
}

/**
 * A multicall with `allowFailure` reports a dead RPC as a failure of every call rather than
 * throwing: turn that into `RpcUnavailableError`, and leave a call that reverted (a token
 * that is not a contract, a pool that does not exist) to its caller.
 */
export function throwIfRpcFailed(
  chainId: number,
  results: readonly { status: 'success' | 'failure'; error?: unknown }[],
): void {
  const failed = results.find(
    (result) => result.status === 'failure' && isTransportError(result.error),
  )
  if (failed) throw new RpcUnavailableError({ chainId, cause: failed.error })
}
