import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * An analytics call (`GET /getAnalyticsConfig`, `POST /e`) failed for a reason other than the
 * project or origin (those are `InvalidProjectIdError` and `OriginNotAllowedError`). Never
 * shown: analytics is dropped, and the failure goes to the log buffer.
 */
export class AnalyticsRequestError extends BaseError {
  override name = 'AnalyticsRequestError' as const
  readonly status: number | undefined
  constructor(parameters: BaseErrorParameters & { status?: number | undefined } = {}) {
    super('The analytics request failed.', parameters)
    this.status = parameters.status
  }
}
