/** An error's stable code in the auth site: a SCREAMING_SNAKE name ('WRONG_PASSPHRASE'). */
export type AuthErrorCode = string

export type BaseErrorParameters = {
  cause?: unknown
  /** Hints for logs; never shown as the error's sentence. */
  metaMessages?: readonly string[] | undefined
}

/**
 * The one error base of `@latch/auth` (the frame and its server): a stable `code`, a short
 * sentence the frame may show as is, optional hints, and the `cause`. Kept free of
 * `@latch/core` so the frame bundle stays small.
 */
export class BaseError extends Error {
  override name = 'BaseError'
  /** Set by each subclass. */
  readonly code: AuthErrorCode = 'UNKNOWN'
  readonly shortMessage: string
  readonly metaMessages: readonly string[]

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const metaMessages = parameters.metaMessages ?? []
    super(
      [shortMessage, ...(metaMessages.length > 0 ? ['', ...metaMessages] : [])].join('\n'),
      parameters.cause === undefined ? undefined : { cause: parameters.cause },
    )
    this.shortMessage = shortMessage
    this.metaMessages = metaMessages
  }

  /** Returns the deepest cause, or the first one (this error included) that `fn` accepts. */
  walk(fn?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    for (;;) {
      if (fn?.(current)) return current
      const next = current instanceof Error ? current.cause : undefined
      if (next === undefined || next === null) return fn ? null : current
      current = next
    }
  }
}
