import type { SwapQuote } from '@latch/api-contract'
import type { PublicClient } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import { SwapNetworkNotSupportedError } from '../../errors/swap.ts'
import type { Logger } from '../../logger.ts'
import type { ApiNetwork } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type { PriceSource } from '../prices/priceSource.ts'
import type { BoundedMap } from './createBoundedMap.ts'
import type { SwapSource } from './swapSource.ts'

/** What the swap services need, built once at startup (`createSwapDeps`) or by a test. */
export type SwapDeps = {
  /** The swap networks (`listSwapChainIds`), by id. */
  networks: ReadonlyMap<number, ApiNetwork>
  clients: ChainClients
  /** In order of preference: the aggregator first when configured, then the pools. */
  sources: readonly SwapSource[]
  prices: PriceSource
  /** Token metadata of unlisted tokens is cached here. */
  cache: CacheStore
  /** LATCH_SWAP_SLIPPAGE: the tolerance in percent when a request gives none (default 1). */
  defaultSlippage: number
  logger: Logger
  /**
   * Quote answers (all but their expiry) by every input and the block they are priced at: a
   * quote asked again before the chain moves is a map lookup. Pool quotes only.
   */
  quoteAnswers?: BoundedMap<string, Readonly<Omit<SwapQuote, 'expiresAt'>>> | undefined
  /** The clock quotes expire and deadlines run by (tests move it); ms since the epoch. */
  now?: (() => number) | undefined
}

/** How long a built swap stays valid on-chain (the router's deadline), in seconds. */
export const swapDeadlineSeconds = 20 * 60

/** The network and client of a swap network, and its sources; otherwise the spec's refusal. */
export function requireSwapChain(
  deps: SwapDeps,
  chainId: number,
): { network: ApiNetwork; client: PublicClient; sources: SwapSource[] } {
  const network = deps.networks.get(chainId)
  const client = deps.clients.get(chainId)
  const sources = deps.sources.filter((source) => source.supports(chainId))
  if (!network || !client || sources.length === 0)
    throw new SwapNetworkNotSupportedError({ chainId })
  return { network, client, sources }
}
