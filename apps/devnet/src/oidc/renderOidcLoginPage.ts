import { escapeHtml } from '../html/escapeHtml.ts'
import { getDevnetPageCsp } from '../html/getDevnetPageCsp.ts'
import { renderDevnetPage } from '../html/renderDevnetPage.ts'
import type { OidcTestUser } from './oidcTestUsers.ts'

const style = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:26rem;padding:1.5rem;color:#1b1d21;background:#f6f7f9}
h1{font-size:1.3rem;margin:0 0 .25rem}
p{margin:0 0 1rem;color:#555}
ul{list-style:none;margin:0 0 1rem;padding:0}
li{margin:0 0 .5rem}
button{display:block;width:100%;text-align:left;font:inherit;padding:.7rem 1rem;border:1px solid #c9ced6;border-radius:10px;background:#fff;color:inherit;cursor:pointer}
button:hover{border-color:#2554c7}
button:focus-visible{outline:3px solid #2554c7;outline-offset:2px}
button small{display:block;color:#666}
button.deny{text-align:center;background:transparent}
@media (prefers-color-scheme:dark){body{background:#111317;color:#e8eaee}p,button small{color:#aab}button{background:#1b1e24;border-color:#2c313a}}
`

/**
 * The login page's Content-Security-Policy: no script at all, only its inline style (by hash);
 * the form posts to this page, whose answer redirects on to the app's redirect URIs (browsers
 * hold those redirects to form-action too, so their origins are listed).
 */
export function getOidcLoginPageCsp(redirectOrigins: readonly string[]): string {
  return getDevnetPageCsp({ style, formAction: ["'self'", ...redirectOrigins] })
}

export type RenderOidcLoginPageParameters = {
  /** The provider's name as people know it, e.g. "Google". */
  providerName: string
  /** The interaction's path, where the form posts. */
  action: string
  users: readonly OidcTestUser[]
}

/**
 * The local OpenID provider's login page: one button per test user (choosing one signs in and
 * grants consent at once) and Deny. A plain form, keyboard usable, every value escaped.
 */
export function renderOidcLoginPage(parameters: RenderOidcLoginPageParameters): string {
  const title = `${parameters.providerName} (Latch devnet)`
  const items = parameters.users
    .map(
      (user) =>
        `<li><button type="submit" name="user" value="${escapeHtml(user.key)}">${escapeHtml(user.name)} <small>${escapeHtml(user.email ?? 'No email shared')}</small></button></li>`,
    )
    .join('\n')
  return renderDevnetPage({
    title,
    style,
    body: `<main>
<h1>${escapeHtml(title)}</h1>
<p>A local stand-in for ${escapeHtml(parameters.providerName)}: choose a test user to sign in as. Nothing leaves this machine.</p>
<form method="post" action="${escapeHtml(parameters.action)}">
<ul>
${items}
</ul>
<button type="submit" name="action" value="deny" class="deny">Deny</button>
</form>
</main>`,
  })
}

/** The page shown when the provider cannot send the browser back to the app. */
export function renderOidcErrorPage(parameters: {
  providerName: string
  error: string
  description?: string | undefined
}): string {
  const title = `${parameters.providerName} (Latch devnet)`
  return renderDevnetPage({
    title,
    style,
    body: `<main>
<h1>${escapeHtml(title)}</h1>
<p>This sign-in request cannot go on: ${escapeHtml(parameters.error)}.</p>
${parameters.description ? `<p>${escapeHtml(parameters.description)}</p>` : ''}
<p>Go back to the app and start again.</p>
</main>`,
  })
}
