import type { FrameError } from '@latch/api-contract'
import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * A failure the frame answers a request with, as `frameErrorSchema` carries it: an EIP-1193
 * code (4001 rejected, 4100 unauthorized, 4200 unsupported, 4901 chain not supported, -32602
 * invalid params) or a string code, and a sentence the page may show.
 */
export class FrameRequestError extends BaseError {
  override name = 'FrameRequestError' as const
  override readonly code = 'FRAME_REQUEST'
  /** What the page receives as `error.code`. */
  readonly frameCode: number | string

  constructor(
    frameCode: number | string,
    shortMessage: string,
    parameters: BaseErrorParameters = {},
  ) {
    super(shortMessage, parameters)
    this.frameCode = frameCode
  }
}

/**
 * The API's `{ error: { code, message } }` answer to a `/auth/v1` call, or no answer at all
 * (`TIMEOUT`, `NETWORK`). The page receives the API's code, message and `retryAfterSeconds`.
 */
export class AuthApiError extends BaseError {
  override name = 'AuthApiError' as const
  override readonly code = 'AUTH_API'
  /** The HTTP status; 0 when there was no answer. */
  readonly status: number
  /** The API's code (`EMAIL_COOLDOWN`, `INVALID_OTP`, `SESSION_EXPIRED`, ...). */
  readonly apiCode: string
  readonly retryAfterSeconds: number | undefined

  constructor(parameters: {
    status: number
    apiCode: string
    message: string
    retryAfterSeconds?: number | undefined
    cause?: unknown
  }) {
    super(parameters.message, { cause: parameters.cause })
    this.status = parameters.status
    this.apiCode = parameters.apiCode
    this.retryAfterSeconds = parameters.retryAfterSeconds
  }

  toFrameError(): FrameError {
    return {
      code: this.apiCode,
      message: this.shortMessage.slice(0, 1000),
      ...(this.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: this.retryAfterSeconds }),
    }
  }
}

/** The person declined in the frame (a dialog's Cancel, Escape): EIP-1193's 4001. */
export const userRejected = () => new FrameRequestError(4001, 'User rejected the request.')

/** No session (never signed in, signed out or expired): EIP-1193's 4100. */
export const unauthorized = () =>
  new FrameRequestError(4100, 'The embedded wallet is not connected: sign in first.')

/** Spec section 8's words for a sign-in that could not start (social or Farcaster). */
export const authInitFailed = (cause?: unknown) =>
  new FrameRequestError(
    'AUTH_INIT_FAILED',
    'A problem occurred while trying initialize authentication',
    { cause },
  )
