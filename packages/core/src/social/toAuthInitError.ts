import {
  EmbeddedWalletAbortedError,
  EmbeddedWalletLoadError,
  EmbeddedWalletTimeoutError,
} from '../errors/embeddedWallet.ts'
import { AuthInitError } from '../errors/socialSignIn.ts'

/**
 * A failure while starting a social or Farcaster sign-in, as the spec words it: 'A problem
 * occurred while trying initialize authentication' when the frame did not load, answer or
 * stay (the frame itself answers AUTH_INIT_FAILED when it could not open the flow at the API,
 * which the transport maps alike). The frame's other refusals (a provider not configured,
 * pop-ups required) keep their own words.
 */
export function toAuthInitError(error: unknown): unknown {
  if (
    error instanceof EmbeddedWalletLoadError ||
    error instanceof EmbeddedWalletTimeoutError ||
    error instanceof EmbeddedWalletAbortedError
  )
    return new AuthInitError({ cause: error })
  return error
}
