import type { FrameError } from '@latch/api-contract'
import { BaseError } from '../errors/base.ts'
import { AuthApiError, FrameRequestError } from '../errors/frameRequest.ts'

/**
 * What the page learns of a failure: the frame's own errors as they are (a cancelled dialog is
 * EIP-1193's 4001); a chain or node error (viem) by its short message and JSON-RPC code;
 * anything else as 'An error occurred.', never a stack or an internal detail.
 */
export function toFrameError(error: unknown): FrameError {
  if (error instanceof FrameRequestError)
    return { code: error.frameCode, message: error.shortMessage.slice(0, 1000) }
  if (error instanceof AuthApiError) return error.toFrameError()
  if (error instanceof BaseError) {
    if (error.code === 'FRAME_UI_CANCELLED')
      return { code: 4001, message: 'User rejected the request.' }
    return { code: error.code, message: error.shortMessage.slice(0, 1000) }
  }
  if (error instanceof Error && 'shortMessage' in error && typeof error.shortMessage === 'string') {
    // viem's errors: the innermost JSON-RPC code (say -32000, insufficient funds) if any.
    let code = -32603
    let cause: unknown = error
    while (cause instanceof Error) {
      if ('code' in cause && typeof cause.code === 'number') {
        code = cause.code
        break
      }
      cause = cause.cause
    }
    return { code, message: error.shortMessage.slice(0, 1000) }
  }
  return { code: 'INTERNAL', message: 'An error occurred.' }
}
