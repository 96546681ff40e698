import { InvalidNameAvatarError } from '../../errors/names.ts'

/**
 * Checks a name's `avatar` attribute, if any: an absolute `https://` URL, or a URL on the API's
 * own origin (its image routes, `http://` on a local devnet; not another name's avatar
 * route), never with a user name or
 * password, `data:`, `javascript:` or another scheme. The API only stores it and never
 * fetches it; a page shows it as an `<img>`. Throws `InvalidNameAvatarError` (400).
 */
export function checkNameAvatar(
  attributes: Record<string, string>,
  { apiOrigin }: { apiOrigin: string },
): void {
  const avatar = attributes.avatar
  if (avatar === undefined) return
  let url: URL
  try {
    url = new URL(avatar)
  } catch {
    throw new InvalidNameAvatarError({ avatar })
  }
  const ownOrigin = (() => {
    try {
      return new URL(apiOrigin).origin
    } catch {
      return undefined
    }
  })()
  const own = ownOrigin !== undefined && url.origin === ownOrigin
  // Another name's avatar route would only redirect (and two names could redirect in a loop).
  if (own && url.pathname.startsWith('/public/getNameAvatar/'))
    throw new InvalidNameAvatarError({ avatar })
  const allowed = url.protocol === 'https:' || own
  if (!allowed || url.username || url.password || !url.hostname)
    throw new InvalidNameAvatarError({ avatar })
}
