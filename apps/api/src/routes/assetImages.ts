import {
  assetImageIdParam,
  currencyImageIdParam,
  publicImageCacheControl,
  tokenSymbolImageIdParam,
} from '@latch/api-contract'
import { type Context, Hono } from 'hono'
import { etag } from 'hono/etag'
import type { z } from 'zod'
import type { AppEnv } from '../appEnv.ts'
import { InvalidRequestError } from '../errors/request.ts'
import { type ListedImages, loadListedImages } from '../services/images/loadListedImages.ts'
import { renderListedImage } from '../services/images/renderListedImage.ts'

/**
 * `GET /public/getAssetImage/:id` (networks, by CAIP-2 id), `/public/getCurrencyImage/:id`
 * (fiat, by ISO code) and `/public/getTokenImage/:id` (tokens, by symbol), spec section 7.
 * Public like the token icons: drawn from the repo's list (`images/assets.json`), generated for
 * an id the list lacks, a week's `Cache-Control` and an ETag; a malformed id is a 400.
 */
export function assetImagesRoute({
  images = loadListedImages(),
}: {
  images?: ListedImages | undefined
} = {}) {
  return new Hono<AppEnv>()
    .get('/public/getAssetImage/:id', etag(), (c) => {
      const param = parseId(assetImageIdParam, c.req.param('id'))
      // Solana and Bitcoin networks (issue 16): the listed ones, else a disc with the coin's
      // ticker in a colour of the id (the devnet's own chains among them; not the ₿ sign,
      // which many system fonts lack).
      const namespace = param.startsWith('solana:')
        ? 'SOL'
        : param.startsWith('bip122:')
          ? 'BTC'
          : undefined
      if (namespace)
        return svg(
          c,
          renderListedImage({ id: param, image: images.networks[param], fallbackText: namespace }),
        )
      const chainId = param.replace(/^eip155:/, '')
      const id = `eip155:${chainId}`
      return svg(c, renderListedImage({ id, image: images.networks[id], fallbackText: chainId }))
    })
    .get('/public/getCurrencyImage/:id', etag(), (c) => {
      const code = parseId(currencyImageIdParam, c.req.param('id')).toUpperCase()
      return svg(
        c,
        renderListedImage({ id: code, image: images.currencies[code], fallbackText: code }),
      )
    })
    .get('/public/getTokenImage/:id', etag(), (c) => {
      const symbol = parseId(tokenSymbolImageIdParam, c.req.param('id')).toUpperCase()
      return svg(
        c,
        renderListedImage({
          id: symbol,
          image: images.tokens[symbol],
          fallbackText: symbol.length <= 3 ? symbol : symbol.slice(0, 2),
        }),
      )
    })
}

function parseId(schema: z.ZodString, value: string): string {
  const parsed = schema.safeParse(value)
  if (!parsed.success)
    throw new InvalidRequestError({ message: parsed.error.issues[0]?.message ?? 'id is invalid.' })
  return parsed.data
}

function svg(c: Context<AppEnv>, body: string) {
  c.header('Cache-Control', publicImageCacheControl)
  // Opened directly, the SVG is a document of the API's origin: let it run nothing.
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
  c.header('X-Content-Type-Options', 'nosniff')
  return c.body(body, 200, { 'Content-Type': 'image/svg+xml' })
}
