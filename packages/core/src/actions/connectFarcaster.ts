import type { LatchConfig } from '../createLatchConfig.ts'
import type { AuthConnectorNotFoundError } from '../errors/authConnector.ts'
import type { EmbeddedWalletTimeoutError } from '../errors/embeddedWallet.ts'
import type { AuthInitError, SocialSignInError } from '../errors/socialSignIn.ts'
import {
  failSocialSignIn,
  finishSocialSignIn,
  type SocialSignInOutcome,
} from '../social/finishSocialSignIn.ts'
import { isSocialSignInCurrent } from '../social/updateSocialSignIn.ts'
import type { ConnectErrorType } from './connect.ts'
import { getAuthConnector } from './getAuthConnector.ts'
import { getFarcasterUri } from './getFarcasterUri.ts'

export type ConnectFarcasterParameters = { chainId?: number | undefined }

export type ConnectFarcasterReturnType = Exclude<SocialSignInOutcome, { status: 'redirecting' }>

export type ConnectFarcasterErrorType =
  | AuthConnectorNotFoundError
  | AuthInitError
  | SocialSignInError
  | EmbeddedWalletTimeoutError
  | ConnectErrorType

/**
 * Signs in to the embedded wallet with Farcaster: opens the relay channel (`getFarcasterUri`)
 * unless one is already shown, then waits (up to 10 minutes) while the person signs in their
 * Farcaster client; the frame polls the API, which checks the signed message and that its
 * signer is the FID's custody address. Then `connect` opens the wallet as for email. Going
 * back (`cancelFarcaster`) ends the wait without an error.
 */
export async function connectFarcaster(
  config: LatchConfig,
  parameters: ConnectFarcasterParameters = {},
): Promise<ConnectFarcasterReturnType> {
  const connector = getAuthConnector(config)
  const shown = config.getState().socialSignIn
  if (shown?.provider !== 'farcaster' || shown.status !== 'pending' || !shown.farcasterUrl) {
    // Throws when it cannot start; undefined: cancelled meanwhile.
    const { url } = await getFarcasterUri(config)
    if (url === undefined) return { status: 'cancelled' }
  }
  const attempt = config.getState().socialSignIn?.attempt
  if (!attempt) return { status: 'cancelled' }
  try {
    await connector.embedded.connectFarcaster()
    if (!isSocialSignInCurrent(config, attempt)) {
      await connector.disconnect().catch(() => {})
      return { status: 'cancelled' }
    }
    return (await finishSocialSignIn(
      config,
      connector,
      attempt,
      parameters.chainId,
    )) as ConnectFarcasterReturnType
  } catch (error) {
    return failSocialSignIn(config, attempt, error) as ConnectFarcasterReturnType
  }
}
