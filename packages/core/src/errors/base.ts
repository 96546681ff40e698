/**
 * An error's stable code: the wallet's EIP-1193 code or the JSON-RPC code for provider errors
 * (4001, 4100, -32601 ...), a SCREAMING_SNAKE name for Latch's own ('TOKEN_BALANCE_UNAVAILABLE').
 * `errorCatalogue` maps each to the spec's message and how the UI shows it.
 */
export type ErrorCode = string | number

export type BaseErrorParameters = {
  cause?: unknown
  details?: string | undefined
  metaMessages?: readonly string[] | undefined
  docsPath?: string | undefined
}

/**
 * The one error base of `@latch/core`: a stable `code`, a short, user-facing sentence (the
 * spec's words where it has them) plus optional hints and details, and the `cause`, with
 * `walk()` to find a cause down the chain (as viem does).
 */
export class BaseError extends Error {
  override name = 'BaseError'
  /** Set by each subclass; see `errorCatalogue`. */
  readonly code: ErrorCode = 'UNKNOWN'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly metaMessages: readonly string[]
  readonly docsPath: string | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details =
      parameters.details ??
      (parameters.cause instanceof BaseError
        ? parameters.cause.details
        : parameters.cause instanceof Error
          ? parameters.cause.message
          : undefined)
    const metaMessages = parameters.metaMessages ?? []
    const message = [
      shortMessage,
      ...(metaMessages.length > 0 ? ['', ...metaMessages] : []),
      ...(details && details !== shortMessage ? ['', `Details: ${details}`] : []),
    ].join('\n')
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.metaMessages = metaMessages
    this.docsPath = parameters.docsPath
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
