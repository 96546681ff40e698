import { AnalyticsRequestError } from '../errors/analytics.ts'
import { InvalidProjectIdError, OriginNotAllowedError } from '../registry/errors.ts'

export type AnalyticsErrorType =
  | AnalyticsRequestError
  | InvalidProjectIdError
  | OriginNotAllowedError

/**
 * An analytics call's failure as a core error: any 403 is the origin refusal (spec section 7:
 * a 403 from `/e` shows 'Invalid App Configuration'), a 401 the unknown project id.
 */
export function toAnalyticsError(parameters: {
  status?: number | undefined
  details?: string | undefined
  cause?: unknown
}): AnalyticsErrorType {
  const details =
    parameters.details ?? (parameters.status ? `HTTP ${parameters.status}` : undefined)
  // By status only: the contract's module of server texts would bring zod into this chunk.
  if (parameters.status === 403)
    return new OriginNotAllowedError({ status: parameters.status, details })
  if (parameters.status === 401)
    return new InvalidProjectIdError({ status: parameters.status, details })
  return new AnalyticsRequestError({ ...parameters, details })
}
