import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * The embedded wallet could not start a social or Farcaster sign-in (spec section 8): the
 * frame did not load or answer, or it could not open the flow at the auth API.
 */
export class AuthInitError extends BaseError {
  override name = 'AuthInitError' as const
  override readonly code = 'AUTH_INIT_FAILED'
  constructor(parameters: BaseErrorParameters = {}) {
    super('A problem occurred while trying initialize authentication.', parameters)
  }
}

/** Why a social or Farcaster sign-in was refused: the auth API's code (`socialErrorCodes`). */
export type SocialSignInErrorReason =
  | 'PROVIDER_NOT_CONFIGURED'
  | 'SOCIAL_DENIED'
  | 'SOCIAL_STATE_MISMATCH'
  | 'SOCIAL_EXPIRED'
  | 'PROVIDER_UNAVAILABLE'
  | 'FARCASTER_INVALID'
  | 'IDENTITY_TAKEN'

/** What each refusal says when the frame gave no sentence of its own. */
const fallbackMessages: Record<SocialSignInErrorReason, string> = {
  PROVIDER_NOT_CONFIGURED: 'This sign-in method is not available here.',
  SOCIAL_DENIED: 'You declined the sign-in.',
  SOCIAL_STATE_MISMATCH: 'This sign-in does not belong to this window. Start again.',
  SOCIAL_EXPIRED: 'The sign-in expired. Start again.',
  PROVIDER_UNAVAILABLE: 'The sign-in provider did not answer. Try again later.',
  FARCASTER_INVALID: 'The Farcaster signature could not be verified.',
  IDENTITY_TAKEN: 'This account is already linked to another wallet.',
}

/** Whether a frame error code is one of the social refusals. */
export function isSocialSignInErrorReason(code: unknown): code is SocialSignInErrorReason {
  return typeof code === 'string' && Object.hasOwn(fallbackMessages, code)
}

/**
 * The auth API refused a social or Farcaster sign-in (declined consent, a foreign or used
 * `state`, an expired code, a provider down, a bad Farcaster signature); nothing was created.
 * Shown on the Connect view with the API's sentence, e.g. 'You declined the sign-in with Google.'
 */
export class SocialSignInError extends BaseError {
  override name = 'SocialSignInError' as const
  override readonly code = 'SOCIAL_SIGN_IN_FAILED'
  readonly reason: SocialSignInErrorReason
  constructor(parameters: { reason: SocialSignInErrorReason; message?: string | undefined }) {
    super(parameters.message?.trim() || fallbackMessages[parameters.reason])
    this.reason = parameters.reason
  }
}
