import { DevnetError } from '../errors.ts'
import type { OidcTestUser } from './oidcTestUsers.ts'

export type CompleteOidcLoginParameters = {
  /** The authorization URL the API answered (on the local OpenID provider). */
  authorizationUrl: string
  /** The test user to sign in as, or 'deny'. */
  choice: OidcTestUser['key'] | 'deny'
  /** Per request, in ms (default 10 s). */
  timeoutMs?: number
}

/**
 * Does what a person does in the local OpenID provider's window, with plain fetch: opens the
 * authorization URL, picks `choice` on the login page (or Deny) and follows the provider's
 * redirects until it sends the browser away. Answers that last URL: the app's redirect URI with
 * `?code&state` (or `?error=access_denied&state`), not followed. For tests.
 */
export async function completeOidcLogin(parameters: CompleteOidcLoginParameters): Promise<URL> {
  const timeoutMs = parameters.timeoutMs ?? 10_000
  const start = new URL(parameters.authorizationUrl)
  const cookies = new Map<string, string>()
  const request = async (url: URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (cookies.size > 0) {
      headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    const response = await fetch(url, {
      ...init,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const expired = attributes.some((attribute) =>
        /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute),
      )
      if (expired || !value) cookies.delete(name)
      else cookies.set(name, value)
    }
    return response
  }

  let url = start
  let submitted = false
  for (let step = 0; step < 10; step++) {
    const response = await request(url)
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location')
      if (!location)
        throw new DevnetError(`The provider redirected from "${url}" without a Location.`)
      const next = new URL(location, url)
      if (next.origin !== start.origin) return next
      url = next
      continue
    }
    const body = await response.text()
    if (response.status !== 200 || submitted || !/name="user"/.test(body)) {
      throw new DevnetError(`The local OpenID provider answered ${response.status} at "${url}".`, {
        metaMessages: [body.slice(0, 500)],
      })
    }
    const action = /<form method="post" action="([^"]+)"/.exec(body)?.[1]
    if (!action) throw new DevnetError('The login page has no form.')
    const form =
      parameters.choice === 'deny'
        ? new URLSearchParams({ action: 'deny' })
        : new URLSearchParams({ user: parameters.choice })
    const posted = await request(new URL(action.replaceAll('&amp;', '&'), url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    })
    const location = posted.headers.get('location')
    if (posted.status !== 303 || !location) {
      throw new DevnetError(`The login page answered ${posted.status} to the choice.`, {
        metaMessages: [(await posted.text()).slice(0, 500)],
      })
    }
    submitted = true
    const next = new URL(location, url)
    if (next.origin !== start.origin) return next
    url = next
  }
  throw new DevnetError('The local OpenID provider redirected too many times.')
}
