import { Hono } from 'hono'
import { getAddress, isAddress } from 'viem'
import type { AppEnv } from '../appEnv.ts'
import type { LatchDb } from '../db/createDatabase.ts'
import { NftImageNotFoundError, NftNotFoundError } from '../errors/nfts.ts'
import {
  ChainNotSupportedError,
  InvalidAddressError,
  InvalidRequestError,
} from '../errors/request.ts'
import type { ApiNetwork } from '../network.ts'
import type { NftImageCache } from '../services/nfts/createNftImageCache.ts'
import type { NftMetadataResolver } from '../services/nfts/createNftMetadataResolver.ts'
import { isIndexedNft } from '../services/nfts/isIndexedNft.ts'

/** An NFT's image rarely changes; a day of caching spares its host. */
export const nftImageCacheControl = 'public, max-age=86400'

/**
 * `GET /v1/nft-image/:chainId/:contract/:tokenId`: an indexed NFT's image, fetched from where
 * its metadata points through the guarded fetcher (image types only, size-capped) and kept in
 * a bounded cache, so the web app loads every image from the API's origin, its CSP names no
 * other host, and a popular image is not fetched again on every view.
 */
export function nftImageRoute({
  db,
  networks,
  nftMetadata,
  images,
}: {
  db: LatchDb
  networks: readonly ApiNetwork[]
  nftMetadata: NftMetadataResolver
  images: NftImageCache
}) {
  return new Hono<AppEnv>().get('/nft-image/:chainId/:contract/:tokenId', async (c) => {
    const { chainId: chainParam, contract: contractParam, tokenId } = c.req.param()
    const chainId = /^(eip155:)?\d{1,15}$/.test(chainParam)
      ? Number(chainParam.replace('eip155:', ''))
      : undefined
    if (chainId === undefined)
      throw new InvalidRequestError({
        message: 'chainId must be a positive integer or a CAIP-2 id like "eip155:31337".',
      })
    if (!networks.some((network) => network.id === chainId))
      throw new ChainNotSupportedError({ chainId })
    if (!isAddress(contractParam)) throw new InvalidAddressError({ address: contractParam })
    if (!/^\d{1,78}$/.test(tokenId) || BigInt(tokenId) >= 2n ** 256n)
      throw new InvalidRequestError({ message: 'tokenId must be a decimal uint256.' })
    const key = {
      chainId,
      contract: contractParam.toLowerCase(),
      tokenId: BigInt(tokenId).toString(),
    }

    // Only NFTs the index knows: the proxy is not a fetcher of any contract's URLs.
    const known = await isIndexedNft(db, key)
    const named = { ...key, contract: getAddress(contractParam) }
    if (!known) throw new NftNotFoundError(named)
    // A client that leaves stops the fetches it started (unless another client waits too).
    const signal = c.req.raw.signal
    const metadata = await nftMetadata.get(key, { signal })
    if (metadata.status !== 'ok' || !metadata.imageUrl) throw new NftImageNotFoundError(named)

    const image = await images.get(metadata.imageUrl, { signal })
    c.header('Content-Type', image.contentType)
    c.header('Content-Length', String(image.body.byteLength))
    c.header('Cache-Control', nftImageCacheControl)
    c.header('X-Content-Type-Options', 'nosniff')
    // Opened directly, an SVG is a document of the API's origin: let it run nothing.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    return c.body(image.body, 200)
  })
}
