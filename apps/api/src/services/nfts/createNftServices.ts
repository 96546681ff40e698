import type { ChainClients } from '../../createChainClients.ts'
import type { LatchDb } from '../../db/createDatabase.ts'
import { createGuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createNftImageCache } from './createNftImageCache.ts'
import { createNftMetadataResolver, type NftFetchOptions } from './createNftMetadataResolver.ts'

/**
 * The NFT metadata resolver and image cache over one guarded fetcher, built from the app's
 * `nftFetch` options (private hosts only on the devnet; the process-wide outbound limiter).
 */
export function createNftServices({
  db,
  clients,
  options,
}: {
  db: LatchDb
  clients: ChainClients
  options: NftFetchOptions
}) {
  const fetch = createGuardedFetch({
    allowPrivateHosts: options.allowPrivateHosts,
    limiter: options.limiter,
    resolve: options.resolve,
  })
  return {
    nftMetadata: createNftMetadataResolver({
      db,
      clients,
      fetch,
      ipfsGateway: options.ipfsGateway,
      concurrencyPerCall: options.concurrencyPerRequest,
    }),
    images: createNftImageCache({
      fetch,
      ipfsGateway: options.ipfsGateway,
      maxCacheBytes: options.imageCacheBytes,
    }),
  }
}
