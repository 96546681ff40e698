import { socialFlowTtlMs } from '@latch/api-contract'
import type { SocialOAuthProvider } from '../connectors/embeddedWalletTypes.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { AuthConnectorNotFoundError } from '../errors/authConnector.ts'
import type { EmbeddedWalletRequestError } from '../errors/embeddedWallet.ts'
import { type AuthInitError, SocialSignInError } from '../errors/socialSignIn.ts'
import {
  failSocialSignIn,
  finishSocialSignIn,
  type SocialSignInOutcome,
} from '../social/finishSocialSignIn.ts'
import {
  getSocialWindow,
  type SocialPopupLike,
  type SocialWindowLike,
  socialPendingStorageKey,
} from '../social/socialWindow.ts'
import { toAuthInitError } from '../social/toAuthInitError.ts'
import { isSocialSignInCurrent, startSocialSignIn } from '../social/updateSocialSignIn.ts'
import { waitForSocialCallback } from '../social/waitForSocialCallback.ts'
import type { ConnectErrorType } from './connect.ts'
import { getAuthConnector } from './getAuthConnector.ts'

export type ConnectSocialParameters = {
  provider: SocialOAuthProvider
  /**
   * The popup `openSocialPopup()` opened in the click; null (blocked): the page goes to the
   * provider instead and `resumeSocialRedirect` finishes when it comes back.
   */
  popup: SocialPopupLike | null
  chainId?: number | undefined
  /** Default the page's `window`. */
  window?: SocialWindowLike | undefined
}

/** Connected; cancelled (the popup closed, Cancel, Back): no error; or the page is leaving. */
export type ConnectSocialReturnType = SocialSignInOutcome

export type ConnectSocialErrorType =
  | AuthConnectorNotFoundError
  | AuthInitError
  | SocialSignInError
  | EmbeddedWalletRequestError
  | ConnectErrorType

/**
 * Signs in to the embedded wallet with a social provider (OAuth 2 / OpenID Connect, design:
 * issue 13). The frame starts the flow and answers the provider's authorization URL; the popup
 * goes there (or, blocked, the page does). The provider's answer comes back from the API's
 * callback page as a message, accepted only from that popup, from the API's origin and with
 * this flow's `state`; the frame checks it with the API, then `connect` opens the wallet as
 * for email. Closing the popup cancels without an error. `state.socialSignIn` follows it.
 */
export async function connectSocial(
  config: LatchConfig,
  parameters: ConnectSocialParameters,
): Promise<ConnectSocialReturnType> {
  const { provider, popup } = parameters
  const connector = getAuthConnector(config)
  const win = getSocialWindow(parameters.window)
  const attempt = startSocialSignIn(config, provider)
  try {
    // The page comes back here after a redirect (its URL without any fragment).
    const returnUrl = win.location.href.split('#')[0] as string
    let uri: string
    try {
      ;({ uri } = await connector.embedded.getSocialRedirectUri(
        provider,
        popup ? 'popup' : 'redirect',
        returnUrl,
      ))
    } catch (error) {
      throw toAuthInitError(error)
    }
    if (!isSocialSignInCurrent(config, attempt)) {
      popup?.close()
      return { status: 'cancelled' }
    }
    if (!popup) {
      try {
        win.sessionStorage?.setItem(socialPendingStorageKey, JSON.stringify({ provider }))
      } catch {}
      win.location.assign(uri)
      return { status: 'redirecting' }
    }
    popup.location.href = uri
    const outcome = await waitForSocialCallback({
      window: win,
      popup,
      apiOrigin: new URL(config.apiUrl).origin,
      state: readState(uri),
      scheduler: config.scheduler,
      isCancelled: () => !isSocialSignInCurrent(config, attempt),
      timeoutMs: socialFlowTtlMs,
    })
    if (outcome.type === 'timeout') throw new SocialSignInError({ reason: 'SOCIAL_EXPIRED' })
    if (outcome.type === 'closed' || !isSocialSignInCurrent(config, attempt)) {
      // Closed by the person (or by Cancel): back to Connect, not an error.
      cancelAttempt(config, attempt)
      return { status: 'cancelled' }
    }
    await connector.embedded.connectSocial(provider, outcome.search)
    return await finishSocialSignIn(config, connector, attempt, parameters.chainId)
  } catch (error) {
    popup?.close()
    return failSocialSignIn(config, attempt, error)
  }
}

function cancelAttempt(config: LatchConfig, attempt: object) {
  if (isSocialSignInCurrent(config, attempt))
    config._internal.setState((state) => ({ ...state, socialSignIn: undefined }))
}

/** The `state` parameter of the provider's authorization URL (the flow's id). */
function readState(uri: string): string | undefined {
  try {
    return new URL(uri).searchParams.get('state') ?? undefined
  } catch {
    return undefined
  }
}
