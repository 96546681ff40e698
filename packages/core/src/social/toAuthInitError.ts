import { AuthInitError, SocialSignInError } from '../errors/socialSignIn.ts'

/**
 * A failure while starting a social or Farcaster sign-in, as the spec words it: 'A problem
 * occurred while trying initialize authentication' (the frame did not load or answer, or could
 * not open the flow); the auth API's own refusals (a provider not configured) keep their words.
 */
export function toAuthInitError(error: unknown): Error {
  if (error instanceof AuthInitError || error instanceof SocialSignInError) return error
  return new AuthInitError({ cause: error })
}
