import { type Address, isAddressEqual, type PublicClient } from 'viem'
import { InvalidRequestError } from '../../errors/request.ts'
import type { ApiNetwork } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { getTokenMetadata, type TokenMetadata } from '../prices/getTokenMetadata.ts'
import { nativeTokenAddress } from '../prices/priceSource.ts'
import { swapNativeAddress } from './swapSource.ts'

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
    isAddressEqual(address, swapNativeAddress) ? nativeTokenAddress : address
  const found = await getTokenMetadata(deps, { network, addresses: addresses.map(toLookup) })
  const byAddress = new Map([...found].map(([address, meta]) => [address.toLowerCase(), meta]))
  for (const address of addresses)
    if (!byAddress.has(toLookup(address).toLowerCase()))
      throw new InvalidRequestError({
        message: `${address} is not an ERC-20 token on chain eip155:${network.id}.`,
      })
  return (address) => byAddress.get(toLookup(address).toLowerCase()) as TokenMetadata
}
