import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

type OnrampFailureParameters = BaseErrorParameters & { status?: number | undefined }

/** The Latch API could not list what can be bought (`GET /v1/onramp/options`). */
export class OnrampOptionsUnavailableError extends BaseError {
  override name = 'OnrampOptionsUnavailableError' as const
  override readonly code = 'ONRAMP_OPTIONS_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: OnrampFailureParameters) {
    super('Buy options are unavailable.', parameters)
    this.status = parameters.status
  }
}

/** The Latch API gave no quote (`POST /v1/onramp/quote`); its message says why when it has one. */
export class OnrampQuoteUnavailableError extends BaseError {
  override name = 'OnrampQuoteUnavailableError' as const
  override readonly code = 'ONRAMP_QUOTE_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: OnrampFailureParameters) {
    super('No quote is available.', parameters)
    this.status = parameters.status
  }
}

/** The Latch API gave no checkout link (`POST /v1/generators/onrampurl`). */
export class OnrampUrlUnavailableError extends BaseError {
  override name = 'OnrampUrlUnavailableError' as const
  override readonly code = 'ONRAMP_URL_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: OnrampFailureParameters) {
    super("The provider's checkout could not be opened.", parameters)
    this.status = parameters.status
  }
}
