import { createHash } from 'node:crypto'
import type { SocialCallbackTarget } from '../services/socialSignIn/findSocialCallback.ts'

const style =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}h1{font-size:1.4rem}'

/** The id of the page's data block, read by `socialCallbackScript`. */
export const socialCallbackDataId = 'latch-social-callback'

/**
 * The callback page's Content-Security-Policy: only the API's own script
 * (`/auth/v1/social/callback.js`, no inline code) and the page's style block (by hash); no
 * site may frame it, nothing else loads.
 */
export const socialCallbackPageCsp = `default-src 'none'; script-src 'self'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

/**
 * `GET /auth/v1/social/callback.js`: in popup mode, posts the page's message to the window that
 * opened it, at the flow's app origin only, and closes; in redirect mode (popups blocked), or
 * with no opener (the provider's page cut it off), it goes to the app's return URL with the
 * answer in the fragment. A script, not a 303: a provider's login form may carry a CSP
 * `form-action` that would block the form's redirect chain from ending on the app's origin.
 */
export const socialCallbackScript = `(() => {
  const element = document.getElementById(${JSON.stringify(socialCallbackDataId)})
  if (!element) return
  const data = JSON.parse(element.textContent || '{}')
  let opener = null
  try {
    opener = window.opener && !window.opener.closed ? window.opener : null
  } catch {
    opener = null
  }
  if (data.mode !== 'redirect' && opener) {
    opener.postMessage(data.message, data.appOrigin)
    window.close()
    return
  }
  window.location.replace(data.fallbackUrl)
})()
`

const escapeJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')

const page = (title: string, text: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${title} - Latch</title><style>${style}</style>${head}</head><body><h1>${title}</h1><p>${text}</p></body></html>`

/** The page the provider redirects to: its data in a JSON block, its code in callback.js. */
export function renderSocialCallbackPage(target: SocialCallbackTarget): string {
  const data = {
    mode: target.mode,
    appOrigin: target.appOrigin,
    message: target.message,
    fallbackUrl: target.fallbackUrl,
  }
  return page(
    'Finishing sign-in',
    'Finishing sign-in. You can close this window if it stays open.',
    `<script type="application/json" id="${socialCallbackDataId}">${escapeJson(data)}</script><script src="/auth/v1/social/callback.js" defer></script>`,
  )
}

/** For an unknown, used or expired state (a 400). */
export function renderSocialCallbackInvalidPage(): string {
  return page(
    'Sign-in link not valid',
    'This sign-in link is no longer valid. Go back to the app and start again.',
  )
}
