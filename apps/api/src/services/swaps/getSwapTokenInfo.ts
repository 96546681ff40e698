import type { Address, PublicClient } from 'viem'
import { InvalidRequestError } from '../../errors/request.ts'
import type { ApiNetwork } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { getTokenMetadata, type TokenMetadata } from '../prices/getTokenMetadata.ts'
import { nativeTokenAddress } from '../prices/priceSource.ts'
import { sameAddress } from './sameAddress.ts'
import { swapNativeAddress } from './swapSource.ts'

/** Each network's native coin and listed tokens by lowercase address (configuration never changes). */
const listedByNetwork = new WeakMap<ApiNetwork, Map<string, TokenMetadata>>()

function listedOf(network: ApiNetwork): Map<string, TokenMetadata> {
  let listed = listedByNetwork.get(network)
  if (!listed) {
    listed = new Map()
    for (const token of network.tokens)
      listed.set(token.address.toLowerCase(), {
        address: token.address,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
      })
    listed.set(nativeTokenAddress.toLowerCase(), {
      address: nativeTokenAddress,
      ...network.nativeCurrency,
    })
    listedByNetwork.set(network, listed)
  }
  return listed
}

/**
 * Symbols and decimals of the tokens of a swap (`swapNativeAddress` for the native coin):
 * listed ones from configuration, others read from the chain and cached. A token that is not an
 * ERC-20 is a 400.
 */
export async function getSwapTokenInfo(
  deps: { client: PublicClient; cache: CacheStore },
  { network, addresses }: { network: ApiNetwork; addresses: readonly Address[] },
): Promise<(address: Address) => TokenMetadata> {
  const toLookup = (address: Address) =>
    (sameAddress(address, swapNativeAddress) ? nativeTokenAddress : address).toLowerCase()
  const listed = listedOf(network)
  const byAddress = new Map<string, TokenMetadata>()
  const unlisted: Address[] = []
  for (const address of addresses) {
    const key = toLookup(address)
    const meta = listed.get(key)
    if (meta) byAddress.set(key, meta)
    else unlisted.push(address)
  }
  if (unlisted.length > 0) {
    const found = await getTokenMetadata(deps, { network, addresses: unlisted })
    for (const [address, meta] of found) byAddress.set(address.toLowerCase(), meta)
    for (const address of unlisted)
      if (!byAddress.has(toLookup(address)))
        throw new InvalidRequestError({
          message: `${address} is not an ERC-20 token on chain eip155:${network.id}.`,
        })
  }
  return (address) => byAddress.get(toLookup(address)) as TokenMetadata
}
