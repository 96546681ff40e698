import { getErrorMessage, type Translate } from '../errors/getErrorMessage.ts'
import type { SwapMessageKey, SwapTranslate } from './swapMessages.ts'

const swapErrorKeys: Readonly<Record<string, SwapMessageKey>> = {
  SwapRevertedError: 'error.reverted',
  SwapWouldFailError: 'error.wouldFail',
  SwapRequestError: 'error.request',
  NoSwapRouteError: 'issue.noRoute',
  SwapNetworkNotSupportedError: 'issue.networkNotSupported',
}

/** A swap failure in the person's words: the swap texts for swap errors, else the error table's. */
export function getSwapErrorMessage(error: unknown, t: Translate, ts: SwapTranslate): string {
  const key = error instanceof Error ? swapErrorKeys[error.name] : undefined
  return key ? ts(key) : getErrorMessage(error, t)
}
