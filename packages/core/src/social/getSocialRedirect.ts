import type { SocialOAuthProvider } from '../connectors/embeddedWalletTypes.ts'
import {
  getSocialWindow,
  type SocialWindowLike,
  socialFragmentKey,
  socialOAuthProviders,
  socialPendingStorageKey,
} from './socialWindow.ts'

export type GetSocialRedirectReturnType =
  | {
      /** The provider this tab went to (session storage), if it did. */
      provider: SocialOAuthProvider | undefined
      /** The provider's answer: its query string, e.g. "?code=...&state=...". */
      search: string
    }
  | undefined

/**
 * A social sign-in coming back to this page by redirect (popups were blocked): the
 * provider's answer in `#latch-social=`. Small and free of schemas, for the page's first
 * chunk; `takeSocialRedirect` reads it once and removes it.
 */
export function getSocialRedirect(
  window?: SocialWindowLike | undefined,
): GetSocialRedirectReturnType {
  const win = getSocialWindow(window)
  const hash = win.location.hash
  if (!hash.startsWith(`#${socialFragmentKey}=`)) return undefined
  let search: string | null = null
  try {
    search = new URLSearchParams(hash.slice(1)).get(socialFragmentKey)
  } catch {}
  if (search === null || search.length > 4096 || !/^\?[^#\s]*$/.test(search)) search = ''
  return { provider: readPendingProvider(win), search }
}

/** Reads the redirect (see `getSocialRedirect`) and removes it: the fragment and the pending note. */
export function takeSocialRedirect(
  window?: SocialWindowLike | undefined,
): GetSocialRedirectReturnType {
  const win = getSocialWindow(window)
  const redirect = getSocialRedirect(win)
  if (!redirect) return undefined
  try {
    win.history?.replaceState(
      win.history.state,
      '',
      `${win.location.pathname}${win.location.search}`,
    )
  } catch {}
  try {
    win.sessionStorage?.removeItem(socialPendingStorageKey)
  } catch {}
  return redirect
}

function readPendingProvider(win: SocialWindowLike): SocialOAuthProvider | undefined {
  try {
    const raw = win.sessionStorage?.getItem(socialPendingStorageKey)
    const provider = raw ? (JSON.parse(raw) as { provider?: unknown } | null)?.provider : undefined
    return socialOAuthProviders.find((entry) => entry === provider)
  } catch {
    return undefined
  }
}
