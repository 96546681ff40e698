export type BaseErrorParameters = {
  /** Hints for the startup output. */
  metaMessages?: readonly string[] | undefined
  cause?: unknown
}

/** The one error class of `@latch/config`: every error it throws on purpose extends it. */
export class BaseError extends Error {
  override name = 'BaseError'
  readonly shortMessage: string
  readonly metaMessages: readonly string[]

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const metaMessages = parameters.metaMessages ?? []
    super([shortMessage, ...metaMessages].join('\n'), { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.metaMessages = metaMessages
  }
}
