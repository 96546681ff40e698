import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

type ApiErrorParameters = BaseErrorParameters & {
  /** HTTP status of the API's answer, when there was one. */
  status?: number | undefined
  /** The API's error code (`BAD_REQUEST`, ...), when it gave one. */
  code?: string | undefined
}

/** The wallet list (`GET /getWallets`) could not be loaded; `details` holds the API's message. */
export class WalletRegistryError extends BaseError {
  override name = 'WalletRegistryError' as const
  /** The API's error code (`BAD_REQUEST`, ...) when it answered one, else 'WALLET_LIST_UNAVAILABLE'. */
  override readonly code: string
  readonly status: number | undefined
  constructor(parameters: ApiErrorParameters = {}) {
    super('The wallet list could not be loaded.', parameters)
    this.status = parameters.status
    this.code = parameters.code ?? 'WALLET_LIST_UNAVAILABLE'
  }
}

/**
 * The API refused the project id ('Unauthorized: invalid key'); the UI shows the spec's
 * "Invalid App Configuration" alert.
 */
export class InvalidProjectIdError extends BaseError {
  override name = 'InvalidProjectIdError' as const
  override readonly code = 'INVALID_PROJECT_ID'
  readonly status: number | undefined
  constructor(parameters: ApiErrorParameters = {}) {
    super('The API does not know this project id.', {
      ...parameters,
      metaMessages: ["Check LATCH_PROJECT_ID against the API's LATCH_PROJECT_IDS."],
    })
    this.status = parameters.status
  }
}

/**
 * The API refused calls from this page's origin ('Unauthorized: origin not allowed'); the UI
 * shows the spec's "Invalid App Configuration" alert.
 */
export class OriginNotAllowedError extends BaseError {
  override name = 'OriginNotAllowedError' as const
  override readonly code = 'ORIGIN_NOT_ALLOWED'
  readonly status: number | undefined
  constructor(parameters: ApiErrorParameters = {}) {
    super('The API does not allow calls from this origin.', {
      ...parameters,
      metaMessages: ["Add the app's origin to the API's LATCH_ALLOWED_ORIGINS."],
    })
    this.status = parameters.status
  }
}
