import { convertMessages } from '@latch/api-contract'
import { BaseError } from './base.ts'

/** The chain offers no swaps here (not a swap network, or no source for it): spec section 8's words. */
export class SwapNetworkNotSupportedError extends BaseError {
  override name = 'SwapNetworkNotSupportedError'
  constructor({ chainId }: { chainId: number }) {
    super(convertMessages.networkNotSupported, {
      code: 'BAD_REQUEST',
      metaMessages: [`Chain: eip155:${chainId}`],
    })
  }
}

/** Gas prices are answered for swap networks only: spec section 8's words. */
export class GasPriceNetworkNotSupportedError extends BaseError {
  override name = 'GasPriceNetworkNotSupportedError'
  constructor({ chainId }: { chainId: number }) {
    super(convertMessages.gasPriceNotSupported, {
      code: 'BAD_REQUEST',
      metaMessages: [`Chain: eip155:${chainId}`],
    })
  }
}

/** No pool (or aggregator route) connects the two tokens, or none deep enough for the amount. */
export class NoSwapRouteError extends BaseError {
  override name = 'NoSwapRouteError'
  readonly reason: string | undefined
  constructor({ from, to, reason }: { from: string; to: string; reason?: string | undefined }) {
    super(
      `No route from ${JSON.stringify(from)} to ${JSON.stringify(to)}${reason ? ` (${reason})` : ''}.`,
      { code: 'BAD_REQUEST' },
    )
    this.reason = reason
  }
}

/** The swap (or approval) was simulated from the user and reverted: `reason` says why, in words. */
export class SwapWouldFailError extends BaseError {
  override name = 'SwapWouldFailError'
  readonly reason: string
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`The swap would fail: ${reason}.`, { code: 'BAD_REQUEST', cause })
    this.reason = reason
  }
}

/** The 1inch-style aggregator (LATCH_SWAP_AGGREGATOR_URL) failed or answered nonsense. */
export class SwapAggregatorUnavailableError extends BaseError {
  override name = 'SwapAggregatorUnavailableError'
  /** Not asked at all: it failed a moment ago and rests (no news for the log). */
  readonly resting: boolean
  constructor({
    reason,
    cause,
    resting = false,
  }: { reason: string; cause?: unknown; resting?: boolean }) {
    super(`The swap aggregator did not answer: ${reason}.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      cause,
    })
    this.resting = resting
  }
}
