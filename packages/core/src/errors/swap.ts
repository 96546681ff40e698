import { BaseError, type BaseErrorParameters } from './base.ts'

/** The chain offers no swaps (spec section 8: 'Network not supported for Swaps'). */
export class SwapNetworkNotSupportedError extends BaseError {
  override name = 'SwapNetworkNotSupportedError' as const
  override readonly code = 'SWAP_NETWORK_NOT_SUPPORTED'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Network not supported for Swaps', parameters)
  }
}

/** A convert call of the Latch API failed (no answer, an error answer, a malformed one). */
export class SwapRequestError extends BaseError {
  override name = 'SwapRequestError' as const
  override readonly code = 'SWAP_REQUEST_FAILED'
  readonly status: number | undefined
  constructor(parameters: BaseErrorParameters & { status?: number | undefined }) {
    super('The swap service did not answer.', parameters)
    this.status = parameters.status
  }
}

/** No pool or aggregator route joins the two tokens for this amount. */
export class NoSwapRouteError extends BaseError {
  override name = 'NoSwapRouteError' as const
  override readonly code = 'SWAP_NO_ROUTE'
  constructor(parameters: BaseErrorParameters = {}) {
    super('No route for this swap.', parameters)
  }
}

/** The swap was simulated and would revert (the price moved past the slippage, a short balance). */
export class SwapWouldFailError extends BaseError {
  override name = 'SwapWouldFailError' as const
  override readonly code = 'SWAP_WOULD_FAIL'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The swap would fail: the price moved beyond the slippage tolerance.', parameters)
  }
}

/** The swap (or approval) was mined and reverted: nothing was swapped, only gas was spent. */
export class SwapRevertedError extends BaseError {
  override name = 'SwapRevertedError' as const
  override readonly code = 'SWAP_REVERTED'
  readonly hash: string
  constructor(hash: string) {
    super('The swap failed on chain; nothing was swapped.', {
      details: `Transaction ${hash} reverted.`,
    })
    this.hash = hash
  }
}
