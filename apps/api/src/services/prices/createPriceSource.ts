import type { ChainClients } from '../../createChainClients.ts'
import { type ApiNetwork, multicall3Address } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createCachedPriceSource } from './createCachedPriceSource.ts'
import { createConfiguredPriceSource } from './createConfiguredPriceSource.ts'
import { createHttpPriceSource } from './createHttpPriceSource.ts'
import {
  createUniswapV2PriceSource,
  type UniswapV2PriceChain,
} from './createUniswapV2PriceSource.ts'
import type { Currency, PriceSource } from './priceSource.ts'

export type CreatePriceSourceParameters = {
  networks: readonly ApiNetwork[]
  clients: ChainClients
  cache: CacheStore
  /** LATCH_PRICE_FEED_URL and LATCH_PRICE_FEED_CURRENCIES, when set. */
  feed?: { urlTemplate: string; currencies?: readonly Currency[] | undefined } | undefined
  /** The guarded fetcher the HTTP feed goes through (the app's, with the shared outbound cap). */
  fetch?: GuardedFetch | undefined
}

/**
 * Picks the price source from configuration, behind the shared 30 s cache: the HTTP feed when
 * LATCH_PRICE_FEED_URL is set, else the Uniswap V2 pools of networks that have them (the
 * devnet), else the prices written in LATCH_NETWORKS.
 */
export function createPriceSource({
  networks,
  clients,
  cache,
  feed,
  fetch,
}: CreatePriceSourceParameters): PriceSource {
  return createCachedPriceSource({ source: pickSource(), cache })

  function pickSource(): PriceSource {
    if (feed)
      return createHttpPriceSource({
        urlTemplate: feed.urlTemplate,
        currencies: feed.currencies,
        fetch,
        chains: new Map(
          networks.map((network) => [
            network.id,
            { platform: network.priceFeedPlatform, wrappedNative: network.wrappedNative },
          ]),
        ),
      })
    const pools = new Map<number, UniswapV2PriceChain>()
    for (const network of networks) {
      const client = clients.get(network.id)
      if (network.uniswapV2 && client)
        pools.set(network.id, {
          client,
          multicall3: network.multicall3 ?? multicall3Address,
          ...network.uniswapV2,
        })
    }
    if (pools.size > 0) return createUniswapV2PriceSource({ chains: pools })
    return createConfiguredPriceSource({ networks })
  }
}
