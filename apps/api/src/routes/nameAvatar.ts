import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { NameAvatarNotFoundError } from '../errors/names.ts'
import type { NftImageCache } from '../services/nfts/createNftImageCache.ts'
import type { NameStore } from '../stores/nameStore.ts'

/** An avatar changes with a signed update, whose URL carries a new `v`: a short cache is enough. */
export const nameAvatarCacheControl = 'public, max-age=300'

/**
 * `GET /public/getNameAvatar/:name`: a registered name's `avatar` image, fetched from its https
 * URL through the guarded fetcher (public hosts only, image types only, size-capped) and kept
 * in the bounded image cache, so a page loads every avatar from the API's origin and its CSP
 * names no other host. Public like the token images: an `<img>` sends no project id. 404 when
 * the name has no avatar; an avatar on the API's own origin is a redirect to it.
 */
export function nameAvatarRoute({ names, images }: { names: NameStore; images: NftImageCache }) {
  return new Hono<AppEnv>().get('/public/getNameAvatar/:name', async (c) => {
    const name = c.req.param('name').toLowerCase()
    const record = name.length <= 255 ? await names.get(name) : undefined
    const avatar = record?.attributes.avatar
    if (!avatar) throw new NameAvatarNotFoundError({ name })
    // Checked when it was signed: https, or an image of this API (served by its own route).
    if (new URL(avatar).origin === new URL(c.get('apiOrigin')).origin)
      return c.redirect(avatar, 302)
    const image = await images.get(avatar, { signal: c.req.raw.signal })
    c.header('Content-Type', image.contentType)
    c.header('Content-Length', String(image.body.byteLength))
    c.header('Cache-Control', nameAvatarCacheControl)
    c.header('X-Content-Type-Options', 'nosniff')
    // Opened directly, an SVG is a document of the API's origin: let it run nothing.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    return c.body(image.body, 200)
  })
}
