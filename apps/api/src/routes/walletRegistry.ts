import {
  type GetWalletsResponse,
  getWalletsQuerySchema,
  type WalletListing,
} from '@latch/api-contract'
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import type { AppEnv } from '../appEnv.ts'
import { WalletImageNotFoundError } from '../errors/request.ts'
import type { WalletRegistryEntry } from '../registry/walletRegistryEntrySchema.ts'
import { listWallets } from '../services/listWallets.ts'
import { renderWalletImage } from '../services/renderWalletImage.ts'
import type { WalletRegistryStore } from '../stores/walletRegistryStore.ts'
import { parseQuery } from './parseQuery.ts'

/** The registry changes with a deploy; five minutes of caching keeps the modal snappy. */
export const walletsCacheControl = 'public, max-age=300'
/** An image id changes whenever its image does, so an image never needs revalidating. */
export const walletImageCacheControl = 'public, max-age=86400, immutable'

/**
 * The wallet-listing API (spec section 7): `GET /getWallets` and `GET /getWalletImage/:id`,
 * both with an ETag so a repeated request is a bodiless 304.
 */
export function walletRegistryRoute({ wallets }: { wallets: WalletRegistryStore }) {
  return new Hono<AppEnv>()
    .get('/getWallets', etag(), async (c) => {
      const query = parseQuery(getWalletsQuerySchema, c.req.query())
      const { count, wallets: page } = await listWallets(wallets, {
        page: query.page,
        entries: query.entries,
        include: query.include,
        exclude: query.exclude,
        search: query.search,
        badgeType: query.badge_type,
        chains: query.chains,
      })
      const imageBase = `${c.get('apiOrigin')}/getWalletImage/`
      const imageQuery = `?projectId=${encodeURIComponent(c.get('project').id)}`
      const body: GetWalletsResponse = {
        count,
        data: page.map((wallet) => toWalletListing(wallet, imageBase, imageQuery)),
      }
      c.header('Cache-Control', walletsCacheControl)
      // Image URLs carry the project id, which may have come in this header.
      c.header('Vary', 'X-Project-Id', { append: true })
      return c.json(body)
    })
    .get('/getWalletImage/:id', etag(), async (c) => {
      const imageId = c.req.param('id')
      const wallet = await wallets.getByImageId(imageId)
      if (!wallet) throw new WalletImageNotFoundError({ imageId })
      c.header('Cache-Control', walletImageCacheControl)
      // Opened directly, the SVG is a document of the API's origin: let it run nothing.
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      c.header('X-Content-Type-Options', 'nosniff')
      return c.body(renderWalletImage(wallet), 200, { 'Content-Type': 'image/svg+xml' })
    })
}

/**
 * The public shape of a registry entry. `image_url` is absolute (built from the request's
 * origin) and carries the project id, so an `<img>` on another origin can load it as is.
 */
function toWalletListing(
  wallet: WalletRegistryEntry,
  imageBase: string,
  imageQuery: string,
): WalletListing {
  return {
    id: wallet.id,
    name: wallet.name,
    image_id: wallet.image_id,
    image_url: `${imageBase}${encodeURIComponent(wallet.image_id)}${imageQuery}`,
    rdns: wallet.rdns,
    chains: wallet.chains,
    mobile_link: wallet.mobile_link,
    desktop_link: wallet.desktop_link,
    webapp_link: wallet.webapp_link,
    homepage: wallet.homepage,
    badge_type: wallet.badge_type,
  }
}
