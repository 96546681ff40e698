import { chainIdParam } from '@latch/api-contract'
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { type Address, isAddress, isAddressEqual } from 'viem'
import type { AppEnv } from '../appEnv.ts'
import {
  ChainNotSupportedError,
  InvalidAddressError,
  InvalidRequestError,
} from '../errors/request.ts'
import type { ApiNetwork } from '../network.ts'
import { nativeTokenAddress } from '../services/prices/priceSource.ts'
import { renderTokenImage } from '../services/tokenImage/renderTokenImage.ts'

/** An icon is drawn from the token's address and symbol, so it may be kept for a day. */
export const tokenImageCacheControl = 'public, max-age=86400'

/** The absolute URL of a token's icon, as `iconUrl` in balances and prices carries it. */
export function getTokenImageUrl(origin: string, chainId: number, address: Address): string {
  return `${origin}/public/getTokenImage/${chainId}/${address}`
}

/**
 * `GET /public/getTokenImage/:chainId/:address` (spec section 7, `/public/getTokenImage/{id}`):
 * a token's generated SVG icon. Public like the spec's path says, so an `<img>` needs no
 * project id; the chain must be served and the address well formed.
 */
export function tokenImageRoute({ networks }: { networks: readonly ApiNetwork[] }) {
  const networksById = new Map(networks.map((network) => [network.id, network]))
  return new Hono<AppEnv>().get('/public/getTokenImage/:chainId/:address', etag(), (c) => {
    const parsedChainId = chainIdParam.safeParse(c.req.param('chainId'))
    if (!parsedChainId.success)
      throw new InvalidRequestError({
        message: parsedChainId.error.issues[0]?.message ?? 'chainId is invalid.',
      })
    const address = c.req.param('address')
    if (!isAddress(address)) throw new InvalidAddressError({ address })
    const network = networksById.get(parsedChainId.data)
    if (!network) throw new ChainNotSupportedError({ chainId: parsedChainId.data })

    const symbol = isAddressEqual(address, nativeTokenAddress)
      ? network.nativeCurrency.symbol
      : network.tokens.find((token) => isAddressEqual(token.address, address))?.symbol
    c.header('Cache-Control', tokenImageCacheControl)
    // Opened directly, the SVG is a document of the API's origin: let it run nothing.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(renderTokenImage({ address, symbol }), 200, { 'Content-Type': 'image/svg+xml' })
  })
}
