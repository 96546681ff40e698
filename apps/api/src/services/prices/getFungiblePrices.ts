import { type FungiblePrice, isNativeCoinAddress } from '@latch/api-contract'
import { type Address, getAddress } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import { CurrencyNotAvailableError } from '../../errors/price.ts'
import { ChainNotSupportedError } from '../../errors/request.ts'
import type { ApiNetwork } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { getTokenMetadata } from './getTokenMetadata.ts'
import { type Currency, nativeTokenAddress, type PriceSource } from './priceSource.ts'

export type GetFungiblePricesDependencies = {
  networks: readonly ApiNetwork[]
  clients: ChainClients
  prices: PriceSource
  cache: CacheStore
}

export type GetFungiblePricesParameters = {
  /** CAIP-10 token addresses (`eip155:<chain>:0x...`, validated by the route's schema). */
  addresses: readonly string[]
  currency: Currency
  /** The absolute URL of a token's image. */
  iconUrl: (chainId: number, tokenAddress: Address) => string
}
export type GetFungiblePricesReturnType = FungiblePrice[]

/**
 * Prices of tokens given by CAIP-10 address, on any served chain (`POST /v1/fungible/price`):
 * each with its name, symbol, decimals and icon, in the order asked, once per address. The
 * zero address and `0xeeee...eeee` are the chain's native coin. Tokens the price source cannot price, and
 * addresses that are not ERC-20s, are left out.
 */
export async function getFungiblePrices(
  { networks, clients, prices, cache }: GetFungiblePricesDependencies,
  { addresses, currency, iconUrl }: GetFungiblePricesParameters,
): Promise<GetFungiblePricesReturnType> {
  if (!prices.currencies.includes(currency)) throw new CurrencyNotAvailableError({ currency })

  // One entry per distinct token, keeping the first spelling asked for.
  const asked = new Map<string, { caip10: string; chainId: number; address: Address }>()
  for (const caip10 of addresses) {
    const [, chain = '', raw = ''] = caip10.split(':')
    // `0xeeee...eeee` (the reference client's) and the zero address are both the native coin.
    const address = isNativeCoinAddress(raw) ? nativeTokenAddress : getAddress(raw.toLowerCase())
    const chainId = Number(chain)
    const key = `${chainId}:${address}`
    if (!asked.has(key)) asked.set(key, { caip10, chainId, address })
  }

  const byChain = new Map<number, { address: Address }[]>()
  for (const entry of asked.values())
    byChain.set(entry.chainId, [...(byChain.get(entry.chainId) ?? []), entry])
  const networksById = new Map(networks.map((network) => [network.id, network]))
  for (const chainId of byChain.keys())
    if (!networksById.has(chainId) || !clients.has(chainId))
      throw new ChainNotSupportedError({ chainId })

  const perChain = await Promise.all(
    [...byChain].map(async ([chainId, entries]) => {
      const network = networksById.get(chainId) as ApiNetwork
      const client = clients.get(chainId) as NonNullable<ReturnType<ChainClients['get']>>
      const metadata = await getTokenMetadata(
        { client, cache },
        { network, addresses: entries.map((entry) => entry.address) },
      )
      const priced = await prices.getPrices({
        chainId,
        tokens: [...metadata.values()].map(({ address, decimals }) => ({ address, decimals })),
        currency,
      })
      return { chainId, metadata, priced }
    }),
  )
  const results = new Map(perChain.map((chain) => [chain.chainId, chain]))

  return [...asked.values()].flatMap(({ caip10, chainId, address }) => {
    const chain = results.get(chainId)
    const token = chain?.metadata.get(address)
    const price = chain?.priced.get(address)
    if (!token || price === undefined) return []
    return [
      {
        name: token.name,
        symbol: token.symbol,
        iconUrl: iconUrl(chainId, address),
        price,
        decimals: token.decimals,
        address: caip10,
      } satisfies FungiblePrice,
    ]
  })
}
