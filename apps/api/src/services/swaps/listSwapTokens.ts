import { nativeCoinAddress, type SwapToken } from '@latch/api-contract'
import type { Address } from 'viem'
import { nativeTokenAddress } from '../prices/priceSource.ts'
import { requireSwapChain, type SwapDeps } from './swapDeps.ts'

/**
 * The tokens that can be swapped on a chain: the native coin, then the network's listed tokens
 * (the devnet manifest's, or LATCH_NETWORKS'), with their icon URLs, decimals and USD prices.
 * Prices that cannot be read are 0 (unknown), never a failure of the list.
 */
export async function listSwapTokens(
  deps: SwapDeps,
  { chainId, iconUrl }: { chainId: number; iconUrl: (address: Address) => string },
): Promise<SwapToken[]> {
  const { network } = requireSwapChain(deps, chainId)
  const tokens = [
    { address: nativeTokenAddress, ...network.nativeCurrency, caip: nativeCoinAddress },
    ...network.tokens.map((token) => ({ ...token, caip: token.address })),
  ]
  const prices = await deps.prices
    .getPrices({ chainId, tokens, currency: 'usd' })
    .catch((error: unknown) => {
      deps.logger.warn('Swap token prices are unavailable.', {
        chainId,
        reason: error instanceof Error ? error.message.split('\n')[0] : String(error),
      })
      return new Map<Address, number>()
    })
  return tokens.map((token) => ({
    name: token.name,
    symbol: token.symbol,
    address: `eip155:${chainId}:${token.caip}`,
    decimals: token.decimals,
    logoUri: iconUrl(token.address),
    eip2612: false,
    price: prices.get(token.address) ?? 0,
  }))
}
