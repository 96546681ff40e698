import { escapeHtml } from '../html/escapeHtml.ts'
import { getDevnetPageCsp } from '../html/getDevnetPageCsp.ts'
import { renderDevnetPage } from '../html/renderDevnetPage.ts'
import type { FarcasterTestUser } from './farcasterTestUsers.ts'

const style = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:36rem;padding:1.5rem;color:#1b1d21;background:#f6f7f9}
h1{font-size:1.4rem;margin:0 0 .25rem}
p{margin:0 0 1rem;color:#444}
form{margin:0 0 .75rem}
button{display:block;width:100%;text-align:left;font:inherit;padding:.75rem 1rem;border:1px solid #cfd5dd;border-radius:10px;background:#fff;cursor:pointer}
button:hover,button:focus-visible{border-color:#7c65c1}
small{color:#666}
@media (prefers-color-scheme:dark){body{background:#111317;color:#e8eaee}p{color:#aab}button{background:#1b1e24;color:inherit;border-color:#2c313a}small{color:#99a}}
`

/** The page's Content-Security-Policy: no script, its own style by hash, forms to itself only. */
export const siwfPageCsp = getDevnetPageCsp({ style, formAction: ["'self'"] })

export type RenderSiwfPageParameters =
  | {
      kind: 'choose'
      channelToken: string
      domain: string
      users: readonly Pick<FarcasterTestUser, 'fid' | 'username' | 'displayName' | 'custody'>[]
    }
  | { kind: 'signed'; username: string }
  | { kind: 'gone' }

/**
 * The devnet's test Farcaster client (what a phone's Farcaster app shows for a sign-in link):
 * one button per test user, which signs as that user; then "Signed in. Go back to the app."
 */
export function renderSiwfPage(parameters: RenderSiwfPageParameters): string {
  const body =
    parameters.kind === 'gone'
      ? '<h1>Sign in with Farcaster</h1><p>This sign-in link is no longer valid. Go back to the app and start again.</p>'
      : parameters.kind === 'signed'
        ? `<h1>Signed in</h1><p>Signed in as @${escapeHtml(parameters.username)}. Go back to the app.</p>`
        : `<h1>Sign in with Farcaster</h1>
<p><strong>${escapeHtml(parameters.domain)}</strong> asks you to sign in. This is the devnet's test Farcaster client: pick a test user, and it signs with that user's devnet custody key.</p>
${parameters.users
  .map(
    (user) => `<form method="post" action="/~/siwf">
<input type="hidden" name="channelToken" value="${escapeHtml(parameters.channelToken)}">
<input type="hidden" name="fid" value="${user.fid}">
<button type="submit">Sign in as @${escapeHtml(user.username)} <small>(${escapeHtml(user.displayName)}, FID ${user.fid}, custody ${escapeHtml(user.custody)})</small></button>
</form>`,
  )
  .join('\n')}`
  // same-origin: with no-referrer a browser sends `Origin: null` on the page's own form posts.
  return renderDevnetPage({
    title: 'Sign in with Farcaster (devnet)',
    style,
    body,
    referrer: 'same-origin',
  })
}
