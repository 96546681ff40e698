export type BaseErrorParameters = {
  cause?: unknown
  details?: string | undefined
  metaMessages?: readonly string[] | undefined
  docsPath?: string | undefined
}

/**
 * The one error base of `@latch/core`: a short, user-facing sentence plus optional hints and
 * details, with `walk()` to find a cause down the chain (as viem does).
 */
export class BaseError extends Error {
  override name = 'BaseError'
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
