/** The checkout window (`window.open`): pointed at the provider once its URL is known. */
export type OnrampWindowLike = {
  readonly closed: boolean
  close(): void
  location: { href: string }
  opener?: unknown
}

/** The app's page: opens the checkout window, or goes to the checkout itself. */
export type OnrampPageLike = {
  open?(url: string, target: string, features?: string): OnrampWindowLike | null
  location: { assign(url: string): void }
}

/** The checkout window's name: a second purchase reuses the first one's window. */
export const onrampWindowName = 'latch-onramp'

/** The page's window (`globalThis.window`), read when called, never at import. */
export function getOnrampPage(page?: OnrampPageLike | undefined): OnrampPageLike {
  return page ?? (globalThis as unknown as { window: OnrampPageLike }).window
}

/**
 * Opens the provider's checkout window, empty for now: call it synchronously in the click (a
 * window opened later, after an await, is blocked). `buy` then points it at the checkout.
 * Null when the browser blocked it: the page then goes to the checkout itself.
 */
export function openOnrampWindow(page?: OnrampPageLike | undefined): OnrampWindowLike | null {
  try {
    const opened = getOnrampPage(page).open?.('', onrampWindowName) ?? null
    // The provider's page gets no handle on the app's (as rel="noopener" would give).
    if (opened) opened.opener = null
    return opened
  } catch {
    return null
  }
}
