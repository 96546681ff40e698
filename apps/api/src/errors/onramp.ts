import { BaseError } from './base.ts'

/**
 * An on-ramp provider failed to answer (refused, timed out, an error status) or answered
 * something that is not its API's shape. `reason` never holds the URL or a key.
 */
export class OnrampProviderError extends BaseError {
  override name = 'OnrampProviderError'
  readonly provider: string
  constructor({ provider, reason, cause }: { provider: string; reason: string; cause?: unknown }) {
    super(`The on-ramp provider "${provider}" did not answer: ${reason}.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      cause,
    })
    this.provider = provider
  }
}

/** No provider could quote and no price was known for an estimate. */
export class OnrampQuoteUnavailableError extends BaseError {
  override name = 'OnrampQuoteUnavailableError'
  constructor({ symbol, cause }: { symbol: string; cause?: unknown }) {
    super(`No on-ramp quote for ${JSON.stringify(symbol)} is available right now.`, {
      code: 'UPSTREAM_UNAVAILABLE',
      cause,
    })
  }
}
