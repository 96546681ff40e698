import type { ApiErrorCode, EmbeddedWalletErrorCode, SocialErrorCode } from '@latch/api-contract'

/** Every code an API error body may carry: the shared ones, the embedded wallet's and social sign-in's. */
export type ErrorCode = ApiErrorCode | EmbeddedWalletErrorCode | SocialErrorCode

export type BaseErrorParameters = {
  /** The API error code clients see; the HTTP status follows from it unless `status` is set. */
  code?: ErrorCode | undefined
  /** Overrides the status implied by `code` (for example 403 for a refused origin). */
  status?: number | undefined
  /** Hints for logs and startup output; never sent to clients. */
  metaMessages?: readonly string[] | undefined
  cause?: unknown
  /** Extra fields of the error body that clients read (`retryAfterSeconds` of EMAIL_COOLDOWN). */
  details?: Readonly<Record<string, number>> | undefined
}

/**
 * The one error class of the API package: every error we throw on purpose extends it, so the
 * error handler can tell a known failure (answered with its code and message) from a bug
 * (logged and answered with a bare 500).
 */
export class BaseError extends Error {
  override name = 'BaseError'
  readonly code: ErrorCode
  readonly status: number | undefined
  readonly shortMessage: string
  readonly metaMessages: readonly string[]
  readonly details: Readonly<Record<string, number>> | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const metaMessages = parameters.metaMessages ?? []
    super([shortMessage, ...metaMessages].join('\n'), { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.code = parameters.code ?? 'INTERNAL'
    this.status = parameters.status
    this.metaMessages = metaMessages
    this.details = parameters.details
  }

  /** Walks the `cause` chain and returns the first error matching `fn` (or the last one). */
  walk(fn?: (error: unknown) => boolean): unknown {
    return walk(this, fn)
  }
}

function walk(error: unknown, fn?: (error: unknown) => boolean): unknown {
  if (fn?.(error)) return error
  if (error instanceof Error && error.cause !== undefined) return walk(error.cause, fn)
  return fn ? null : error
}
