import { BaseError } from './base.ts'

/** The chain's RPC failed to answer (refused, timed out) or answered with an error. */
export class RpcUnavailableError extends BaseError {
  override name = 'RpcUnavailableError'
  constructor({ chainId, cause }: { chainId: number; cause?: unknown }) {
    super(`The RPC for chain eip155:${chainId} did not answer.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      cause,
    })
  }
}
