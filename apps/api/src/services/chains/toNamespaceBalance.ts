import type { TokenBalance } from '@latch/api-contract'
import { formatUnits } from 'viem'

/**
 * One balance entry of a Solana or Bitcoin network in the API's shape. The native coin has no
 * `address` (clients read that as the native coin); prices are the configured USD prices, so
 * only `usd` gets a price and a value.
 */
export function toNamespaceBalance({
  chainId,
  name,
  symbol,
  decimals,
  amount,
  tokenAddress,
  priceUsd,
  currency,
  iconUrl,
}: {
  chainId: string
  name: string
  symbol: string
  decimals: number
  amount: bigint
  tokenAddress?: string | undefined
  priceUsd: number
  currency: string
  iconUrl: string
}): TokenBalance {
  const numeric = formatUnits(amount, decimals)
  const price = currency === 'usd' && priceUsd > 0 ? priceUsd : undefined
  return {
    name,
    symbol,
    chainId,
    ...(tokenAddress ? { address: `${chainId}:${tokenAddress}` } : {}),
    ...(price === undefined ? {} : { value: Number(numeric) * price }),
    price: price ?? 0,
    quantity: { decimals: String(decimals), numeric },
    iconUrl,
  }
}
