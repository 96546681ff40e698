import type { ChainClients } from '../../createChainClients.ts'
import type { Logger } from '../../logger.ts'
import { type ApiNetwork, multicall3Address } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import type { PriceSource } from '../prices/priceSource.ts'
import { createAggregatorSwapSource } from './createAggregatorSwapSource.ts'
import { createBoundedMap } from './createBoundedMap.ts'
import { createUniswapV2SwapSource, type UniswapV2SwapChain } from './createUniswapV2SwapSource.ts'
import { listSwapChainIds } from './listSwapChainIds.ts'
import type { SwapDeps } from './swapDeps.ts'
import type { SwapSource } from './swapSource.ts'

/** Quote answers kept per process (each about 1 KB), for the block they are priced at. */
const maxQuoteAnswers = 1_000

/** The swap settings (LATCH_SWAP_*) and where they apply. */
export type SwapSettings = {
  /** LATCH_SWAP_CHAINS; unset: the spec's swap networks the API serves. */
  chains?: readonly number[] | undefined
  /** The devnet's chains, which always offer swaps. */
  devnetChainIds?: readonly number[] | undefined
  /** LATCH_SWAP_SLIPPAGE, in percent (default 1). */
  slippage?: number | undefined
  /** LATCH_SWAP_AGGREGATOR_URL and _KEY, with the guarded fetcher its calls go through. */
  aggregator?: { url: string; key?: string | undefined; fetch: GuardedFetch } | undefined
}

/**
 * Builds the swap services' dependencies from configuration: the swap networks, and the
 * sources in order of preference (the aggregator when configured, then the Uniswap V2 pools of
 * every swap network with a deployment, the devnet's or LATCH_NETWORKS' `swap`).
 */
export function createSwapDeps({
  networks,
  clients,
  prices,
  cache,
  logger,
  settings = {},
}: {
  networks: readonly ApiNetwork[]
  clients: ChainClients
  prices: PriceSource
  cache: CacheStore
  logger: Logger
  settings?: SwapSettings | undefined
}): SwapDeps {
  const chainIds = listSwapChainIds({
    networks,
    configured: settings.chains,
    devnetChainIds: settings.devnetChainIds,
  })
  const swapNetworks = new Map(
    networks.filter((network) => chainIds.has(network.id)).map((network) => [network.id, network]),
  )
  const pools = new Map<number, UniswapV2SwapChain>()
  for (const network of swapNetworks.values()) {
    const client = clients.get(network.id)
    if (network.swap && client)
      pools.set(network.id, {
        client,
        deployment: network.swap,
        multicall3: network.multicall3 ?? multicall3Address,
      })
  }
  const sources: SwapSource[] = []
  if (settings.aggregator)
    sources.push(
      createAggregatorSwapSource({
        baseUrl: settings.aggregator.url,
        apiKey: settings.aggregator.key,
        fetch: settings.aggregator.fetch,
        // No aggregator knows the devnet's chains: they swap on their pools only.
        chainIds: listSwapChainIds({ networks, configured: settings.chains }),
      }),
    )
  if (pools.size > 0) sources.push(createUniswapV2SwapSource({ chains: pools }))
  const sourceless = [...swapNetworks.keys()].filter(
    (chainId) => !sources.some((source) => source.supports(chainId)),
  )
  if (sourceless.length > 0)
    logger.warn(
      `Swaps: ${sourceless.map((chainId) => `eip155:${chainId}`).join(', ')} name no Uniswap V2 deployment (a "swap" block in LATCH_NETWORKS) and no aggregator is set (LATCH_SWAP_AGGREGATOR_URL): swaps there answer 'Network not supported for Swaps'.`,
    )
  return {
    networks: swapNetworks,
    clients,
    sources,
    prices,
    cache,
    defaultSlippage: settings.slippage ?? 1,
    logger,
    quoteAnswers: createBoundedMap(maxQuoteAnswers),
  }
}
