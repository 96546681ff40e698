import { BaseError, type BaseErrorParameters } from './base.ts'

type ApiFailureParameters = BaseErrorParameters & { status?: number | undefined }

/** Signing in with the wallet failed: no nonce, or the API refused the signed message. */
export class SignInFailedError extends BaseError {
  override name = 'SignInFailedError' as const
  override readonly code = 'SIGN_IN_FAILED'
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters) {
    super('Sign-in failed.', parameters)
    this.status = parameters.status
  }
}

/** The Latch API could not list an address's sign-in sessions. */
export class SessionsUnavailableError extends BaseError {
  override name = 'SessionsUnavailableError' as const
  override readonly code = 'SESSIONS_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters) {
    super('Failed to fetch sessions.', parameters)
    this.status = parameters.status
  }
}

/** The Latch API refused or could not take a session's revocation. */
export class RevokeSessionFailedError extends BaseError {
  override name = 'RevokeSessionFailedError' as const
  override readonly code = 'REVOKE_SESSION_FAILED'
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters & { id: string }) {
    super(`Failed to revoke session "${parameters.id}".`, parameters)
    this.status = parameters.status
  }
}
