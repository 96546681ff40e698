import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * The sign-in session is no longer valid (spec alert "Session Expired"): the API answered
 * 'JWT validation error: JWT Token is not yet valid' (a device clock far off), or the session
 * kept for this page has expired.
 */
export class SessionExpiredError extends BaseError {
  override name = 'SessionExpiredError' as const
  override readonly code = 'SESSION_EXPIRED'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Session Expired.', parameters)
  }
}

/** The API's text for a session token that is not valid yet (spec section 8's server text). */
export const sessionExpiredServerText = 'JWT validation error: JWT Token is not yet valid'
