import type { LatchConfig } from '../createLatchConfig.ts'
import { SocialSignInError } from '../errors/socialSignIn.ts'
import {
  failSocialSignIn,
  finishSocialSignIn,
  type SocialSignInOutcome,
} from '../social/finishSocialSignIn.ts'
import {
  type GetSocialRedirectReturnType,
  takeSocialRedirect,
} from '../social/getSocialRedirect.ts'
import type { SocialWindowLike } from '../social/socialWindow.ts'
import { startSocialSignIn } from '../social/updateSocialSignIn.ts'
import { getAuthConnector } from './getAuthConnector.ts'

export type ResumeSocialRedirectParameters = {
  chainId?: number | undefined
  /** The redirect already taken from the address (`takeSocialRedirect`); default: take it now. */
  redirect?: GetSocialRedirectReturnType
  /** Default the page's `window`. */
  window?: SocialWindowLike | undefined
}

/** Undefined when the page did not come back from a social sign-in. */
export type ResumeSocialRedirectReturnType = SocialSignInOutcome | undefined

/**
 * Finishes a social sign-in that went by redirect (popups blocked): run at start. Reads the
 * provider's answer from `#latch-social=` and removes it from the address bar (and the tab's
 * pending note), then the frame checks it with the API (the flow is bound to that frame: a
 * link made elsewhere finishes nothing) and `connect` opens the wallet.
 */
export async function resumeSocialRedirect(
  config: LatchConfig,
  parameters: ResumeSocialRedirectParameters = {},
): Promise<ResumeSocialRedirectReturnType> {
  const redirect = parameters.redirect ?? takeSocialRedirect(parameters.window)
  if (!redirect) return undefined
  const connector = getAuthConnector(config)
  // Without the tab's note of a sign-in it started, the answer is not this tab's.
  const provider = redirect.provider
  const attempt = startSocialSignIn(config, provider ?? 'google', 'connecting')
  try {
    if (!provider || !redirect.search)
      throw new SocialSignInError({ reason: 'SOCIAL_STATE_MISMATCH' })
    await connector.embedded.connectSocial(provider, redirect.search)
    return await finishSocialSignIn(config, connector, attempt, parameters.chainId)
  } catch (error) {
    return failSocialSignIn(config, attempt, error)
  }
}
