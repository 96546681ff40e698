import type {
  SocialMessageEventLike,
  SocialPopupLike,
  SocialWindowLike,
} from '../social/socialWindow.ts'

/**
 * The app's page for a social sign-in: its address (with a fragment the test may set), the
 * tab's session storage, `history.replaceState`, `window.open` (a popup the test can close or
 * answer from, or null: blocked) and the page's `message` listeners. Test-only.
 */
export function createFakeSocialWindow(href = 'http://app.test/wallet?tab=1') {
  const listeners = new Set<(event: SocialMessageEventLike) => void>()
  const session = new Map<string, string>()
  const assigned: string[] = []
  let blocked = false
  const url = new URL(href)
  const popups: (SocialPopupLike & { opened: { target: string; features: string } })[] = []

  const location = {
    get href() {
      return url.href
    },
    get pathname() {
      return url.pathname
    },
    get search() {
      return url.search
    },
    get hash() {
      return url.hash
    },
    assign(next: string) {
      assigned.push(next)
    },
  }

  const window: SocialWindowLike = {
    open(_url, target, features) {
      if (blocked) return null
      const popup = {
        closed: false,
        close() {
          popup.closed = true
        },
        location: { href: 'about:blank' },
        opened: { target, features },
      }
      popups.push(popup)
      return popup
    },
    location,
    history: {
      state: null,
      replaceState(_state, _unused, next) {
        const replaced = new URL(next, url)
        url.hash = replaced.hash
        url.pathname = replaced.pathname
        url.search = replaced.search
      },
    },
    sessionStorage: {
      getItem: (key) => session.get(key) ?? null,
      setItem: (key, value) => void session.set(key, value),
      removeItem: (key) => void session.delete(key),
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  }

  return {
    window,
    session,
    /** Where the page was sent (`location.assign`). */
    assigned,
    popups,
    get listenerCount() {
      return listeners.size
    },
    /** The next `window.open` returns null, as a popup blocker does. */
    blockPopups() {
      blocked = true
    },
    /** Sets the fragment, as the callback's redirect does. */
    setHash(hash: string) {
      url.hash = hash
    },
    /** Posts a message to the page from `source` at `origin`. */
    post(data: unknown, from: { origin: string; source: unknown }) {
      for (const listener of [...listeners]) listener({ ...from, data })
    },
  }
}
