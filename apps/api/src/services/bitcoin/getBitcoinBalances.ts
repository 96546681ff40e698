import type { TokenBalance } from '@latch/api-contract'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { toNamespaceBalance } from '../chains/toNamespaceBalance.ts'
import { balancesCacheTtlMs } from '../getBalances.ts'
import type { BitcoinApiNetwork } from './bitcoinNetwork.ts'
import type { EsploraClient } from './createEsploraClient.ts'

type Stats = { funded_txo_sum: number; spent_txo_sum: number }
/** Esplora's `GET /address/:a`. */
export type EsploraAddress = { chain_stats: Stats; mempool_stats: Stats }

/**
 * An address's BTC on a Bitcoin network from Esplora's `/address/:a`: confirmed plus
 * unconfirmed (mempool) satoshis, one entry. Cached 30 s like the EVM balances.
 */
export async function getBitcoinBalances(
  { esplora, cache }: { esplora: EsploraClient; cache: CacheStore },
  {
    address,
    network,
    currency,
    forceUpdate = false,
    iconUrl,
  }: {
    address: string
    network: BitcoinApiNetwork
    currency: string
    forceUpdate?: boolean | undefined
    iconUrl: (symbol: string) => string
  },
): Promise<TokenBalance[]> {
  const key = `balances:v1:${network.caipNetworkId}:${address}`
  let sats = forceUpdate ? undefined : await cache.get<string>(key)
  if (sats === undefined) {
    const stats = await esplora<EsploraAddress>(`/address/${encodeURIComponent(address)}`)
    const held = (part: Stats | undefined) =>
      BigInt(part?.funded_txo_sum ?? 0) - BigInt(part?.spent_txo_sum ?? 0)
    sats = (held(stats.chain_stats) + held(stats.mempool_stats)).toString()
    await cache.set(key, sats, balancesCacheTtlMs)
  }
  return [
    toNamespaceBalance({
      chainId: network.caipNetworkId,
      ...network.nativeCurrency,
      amount: BigInt(sats),
      priceUsd: network.nativePriceUsd,
      currency,
      iconUrl: iconUrl(network.nativeCurrency.symbol),
    }),
  ]
}
