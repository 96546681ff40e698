/**
 * The few browser parts a social sign-in uses (core type-checks without the DOM lib): the
 * popup, and the page's location, history, session storage and messages.
 */

/** The sign-in popup (`window.open`): pointed at the provider, watched until it closes. */
export type SocialPopupLike = {
  readonly closed: boolean
  close(): void
  location: { href: string }
  focus?(): void
}

export type SocialMessageEventLike = { origin: string; source: unknown; data: unknown }

/** The app's page. */
export type SocialWindowLike = {
  open?(url: string, target: string, features: string): SocialPopupLike | null
  location: {
    href: string
    pathname: string
    search: string
    hash: string
    assign(url: string): void
  }
  history?: { state: unknown; replaceState(state: unknown, unused: string, url: string): void }
  sessionStorage?: {
    getItem(key: string): string | null
    setItem(key: string, value: string): void
    removeItem(key: string): void
  }
  addEventListener?(type: 'message', listener: (event: SocialMessageEventLike) => void): void
  removeEventListener?(type: 'message', listener: (event: SocialMessageEventLike) => void): void
}

/** The page's window (`globalThis`), read when called, never at import. */
export function getSocialWindow(window?: SocialWindowLike | undefined): SocialWindowLike {
  return window ?? (globalThis as unknown as { window: SocialWindowLike }).window
}

/** Where a redirect-mode sign-in notes its provider in session storage (this tab only). */
export const socialPendingStorageKey = 'latch.socialPending'

/**
 * The fragment key the API's callback page brings the provider's answer back in
 * (`#latch-social=<the URI-encoded query string>`); the contract's `socialCallbackFragmentKey`,
 * repeated here so that the page's first chunk checks for it without the schemas.
 */
export const socialFragmentKey = 'latch-social'

/** The OAuth providers a pending redirect may name (spec section 5). */
export const socialOAuthProviders = [
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
] as const
