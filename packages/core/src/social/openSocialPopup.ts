import { getSocialWindow, type SocialPopupLike, type SocialWindowLike } from './socialWindow.ts'

/** The popup's window name: a second sign-in reuses the first one's window. */
export const socialPopupName = 'latch-social'

/**
 * Opens the social sign-in popup, empty for now: call it synchronously in the click (a popup
 * opened later, after an await, is blocked). `connectSocial` then points it at the provider.
 * Null when the browser blocked it: `connectSocial` then redirects the page instead.
 */
export function openSocialPopup(window?: SocialWindowLike | undefined): SocialPopupLike | null {
  try {
    return getSocialWindow(window).open?.('', socialPopupName, 'popup,width=500,height=640') ?? null
  } catch {
    return null
  }
}
