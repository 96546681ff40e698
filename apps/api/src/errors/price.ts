import { BaseError } from './base.ts'

/** The configured price source cannot quote this currency; no rate is ever made up. */
export class CurrencyNotAvailableError extends BaseError {
  override name = 'CurrencyNotAvailableError'
  constructor({ currency }: { currency: string }) {
    super(`Currency "${currency}" is not available from this price source.`, {
      code: 'BAD_REQUEST',
    })
  }
}

/** The HTTP price feed failed to answer (refused, timed out, non-2xx or an unreadable body). */
export class PriceFeedUnavailableError extends BaseError {
  override name = 'PriceFeedUnavailableError'
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    // The feed URL may carry an API key: it stays out of the message.
    super('The price feed did not answer.', {
      code: 'UPSTREAM_UNAVAILABLE',
      metaMessages: [reason],
      // Logged with the warning; the reason is enough when there is no underlying error.
      cause: cause ?? reason,
    })
  }
}
