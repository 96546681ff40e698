import { socialErrorCodes } from '@latch/api-contract'
import { AuthApiError, authInitFailed } from '../../errors/frameRequest.ts'

const passedThrough: readonly string[] = socialErrorCodes

/**
 * Runs the start of a social or Farcaster sign-in. The API's own social refusals (a provider
 * not configured here, one that is down) and its rate limits reach the page as they are;
 * anything else (the API unreachable or odd, the frame's storage failing) is spec section 8's
 * 'A problem occurred while trying initialize authentication'.
 */
export async function startSignIn<value>(run: () => Promise<value>): Promise<value> {
  try {
    return await run()
  } catch (error) {
    if (
      error instanceof AuthApiError &&
      (passedThrough.includes(error.apiCode) || error.status === 429)
    )
      throw error
    throw authInitFailed(error)
  }
}
