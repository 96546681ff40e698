import type { LatchConfig } from '../createLatchConfig.ts'
import type { AuthConnectorNotFoundError } from '../errors/authConnector.ts'
import type { AuthInitError, SocialSignInError } from '../errors/socialSignIn.ts'
import { failSocialSignIn } from '../social/finishSocialSignIn.ts'
import { toAuthInitError } from '../social/toAuthInitError.ts'
import {
  isSocialSignInCurrent,
  startSocialSignIn,
  updateSocialSignIn,
} from '../social/updateSocialSignIn.ts'
import { getAuthConnector } from './getAuthConnector.ts'

/** The relay channel's URL; undefined when the attempt was cancelled meanwhile. */
export type GetFarcasterUriReturnType = { url: string | undefined }

export type GetFarcasterUriErrorType =
  | AuthConnectorNotFoundError
  | AuthInitError
  | SocialSignInError

/**
 * Starts a Farcaster sign-in (Sign In With Farcaster, FIP-11): the frame opens a relay channel
 * through the API and answers its URL, which `state.socialSignIn.farcasterUrl` holds for the
 * QR code and the deep link. `connectFarcaster` then waits for the Farcaster client.
 */
export async function getFarcasterUri(config: LatchConfig): Promise<GetFarcasterUriReturnType> {
  const connector = getAuthConnector(config)
  const attempt = startSocialSignIn(config, 'farcaster')
  try {
    const { url } = await connector.embedded.getFarcasterUri().catch((error: unknown) => {
      throw toAuthInitError(error)
    })
    if (!isSocialSignInCurrent(config, attempt)) return { url: undefined }
    updateSocialSignIn(config, attempt, { farcasterUrl: url })
    return { url }
  } catch (error) {
    failSocialSignIn(config, attempt, error)
    return { url: undefined }
  }
}
