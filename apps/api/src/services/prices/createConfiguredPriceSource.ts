import { isAddressEqual } from 'viem'
import type { ApiNetwork } from '../../network.ts'
import {
  type GetPricesParameters,
  type GetPricesReturnType,
  nativeTokenAddress,
  type PriceSource,
} from './priceSource.ts'

/**
 * The prices written in LATCH_NETWORKS (`nativePriceUsd`, each token's `priceUsd`): for real
 * networks without a price feed. USD only; a price left out (or 0) is unknown.
 */
export function createConfiguredPriceSource({
  networks,
}: {
  networks: readonly ApiNetwork[]
}): PriceSource {
  const networksById = new Map(networks.map((network) => [network.id, network]))
  return {
    currencies: ['usd'],
    async getPrices({ chainId, tokens, currency }: GetPricesParameters) {
      const prices: GetPricesReturnType = new Map()
      const network = networksById.get(chainId)
      if (!network || currency !== 'usd') return prices
      for (const { address } of tokens) {
        const price = isAddressEqual(address, nativeTokenAddress)
          ? network.nativePriceUsd
          : network.tokens.find((token) => isAddressEqual(token.address, address))?.priceUsd
        if (price) prices.set(address, price)
      }
      return prices
    },
  }
}
