import { convertMessages } from '@latch/api-contract'
import {
  NoSwapRouteError,
  SwapNetworkNotSupportedError,
  SwapRequestError,
  SwapWouldFailError,
} from '../errors/swap.ts'

/**
 * The domain error of a failed convert call, from the API's answer (its status and message):
 * the spec's 'Network not supported for Swaps', no route, a swap the simulation refused, else
 * the service failing.
 */
export function toSwapError(failure: {
  status?: number | undefined
  details?: string | undefined
  cause?: unknown
}): Error {
  const details = failure.details
  if (details === convertMessages.networkNotSupported)
    return new SwapNetworkNotSupportedError({ details })
  if (failure.status === 400 && details?.startsWith('No route'))
    return new NoSwapRouteError({ details })
  if (failure.status === 400 && details?.startsWith('The swap would fail'))
    return new SwapWouldFailError({ details })
  return new SwapRequestError(failure)
}
