import type { OnrampPurchaseCurrency } from '@latch/api-contract'

/** A currency to buy on one network: one entry of the Buy view's currency list. */
export type BuyCurrency = {
  /** `{symbol}:{network}`, unique in the list. */
  key: string
  symbol: string
  name: string
  /** The provider's network name, e.g. `latch-devnet`. */
  network: string
  networkName: string
  chainId: number | undefined
}

/**
 * The purchase currencies on each of their networks, keeping the networks the app serves
 * (`chainIds`) when any is among them: a purchase must land where the wallet can see it.
 */
export function getBuyCurrencies(
  purchaseCurrencies: readonly OnrampPurchaseCurrency[],
  chainIds: readonly number[],
): BuyCurrency[] {
  const all = purchaseCurrencies.flatMap((currency) =>
    currency.networks.map((network) => {
      const chainId = Number(network.chain_id)
      return {
        key: `${currency.symbol}:${network.name}`,
        symbol: currency.symbol,
        name: currency.name,
        network: network.name,
        networkName: network.display_name || network.name,
        chainId: Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined,
      }
    }),
  )
  const served = all.filter(
    (entry) => entry.chainId !== undefined && chainIds.includes(entry.chainId),
  )
  const list = served.length > 0 ? served : all
  return list.filter((entry, index) => list.findIndex((other) => other.key === entry.key) === index)
}
