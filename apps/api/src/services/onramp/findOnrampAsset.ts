import type { OnrampNetwork, OnrampPurchaseCurrency } from '@latch/api-contract'
import type { OnrampOptions } from './onrampProvider.ts'

/** A purchase currency on one network, as some options list it. */
export type OnrampAsset = { currency: OnrampPurchaseCurrency; network: OnrampNetwork }

/** The asset with `symbol` (or this provider id) on chain `chainId`, in `options`; undefined when absent. */
export function findOnrampAsset(
  options: OnrampOptions,
  { symbol, chainId }: { symbol: string; chainId: string },
): OnrampAsset | undefined {
  const wanted = symbol.toUpperCase()
  for (const currency of options.purchaseCurrencies) {
    if (currency.symbol.toUpperCase() !== wanted && currency.id.toUpperCase() !== wanted) continue
    const network = currency.networks.find((entry) => entry.chain_id === chainId)
    if (network) return { currency, network }
  }
  return undefined
}

/**
 * The network a request names for `currency`: a network name, a chain id (bare or CAIP-2), or
 * nothing or the currency's own symbol (what AppKit sends), which mean its first network.
 */
export function findOnrampNetwork(
  currency: OnrampPurchaseCurrency,
  requested: string | undefined,
): OnrampNetwork | undefined {
  const text = requested?.trim().toLowerCase()
  if (!text || text === currency.symbol.toLowerCase() || text === currency.id.toLowerCase())
    return currency.networks[0]
  const chainId = text.replace(/^eip155:/, '')
  return currency.networks.find(
    (network) => network.name.toLowerCase() === text || network.chain_id === chainId,
  )
}
