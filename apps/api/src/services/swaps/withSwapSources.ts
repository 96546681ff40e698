import { NoSwapRouteError, SwapAggregatorUnavailableError } from '../../errors/swap.ts'
import type { Logger } from '../../logger.ts'
import type { SwapSource } from './swapSource.ts'

/**
 * Runs `run` with each source in turn until one answers: a source that is down (or finds no
 * route) hands over to the next, so a failing aggregator falls back to the pools. When all fail,
 * a "no route" from any of them is the answer (the clearer one), else the last failure.
 */
export async function withSwapSources<result>(
  sources: readonly SwapSource[],
  logger: Logger,
  run: (source: SwapSource) => Promise<result>,
  /** The symbols of the tokens swapped: a "no route" names them rather than their addresses. */
  names?: { from: string; to: string } | undefined,
): Promise<result> {
  let noRoute: NoSwapRouteError | undefined
  let last: unknown
  for (const [index, source] of sources.entries()) {
    try {
      return await run(source)
    } catch (error) {
      last = error
      if (error instanceof NoSwapRouteError) noRoute ??= error
      else if (!isSourceFailure(error)) throw error
      const resting = error instanceof SwapAggregatorUnavailableError && error.resting
      if (index + 1 < sources.length && !resting)
        logger.warn(`Swap source ${source.name} failed; trying ${sources[index + 1]?.name}.`, {
          reason: error instanceof Error ? error.message.split('\n')[0] : String(error),
        })
    }
  }
  if (noRoute && names) throw new NoSwapRouteError({ ...names, reason: noRoute.reason })
  throw noRoute ?? last
}

/** Failures another source may not share: the source's own (down, no route), not the request's. */
function isSourceFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'UPSTREAM_UNAVAILABLE' || error instanceof NoSwapRouteError)
  )
}
