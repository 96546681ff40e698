import { type Address, erc20Abi, isAddressEqual, type PublicClient } from 'viem'
import { type ApiNetwork, multicall3Address } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { cleanChainString } from '../cleanChainString.ts'
import { throwIfRpcFailed, wrapRpcError } from '../wrapRpcError.ts'
import { nativeTokenAddress } from './priceSource.ts'

/** A token's name, symbol and decimals rarely change: read from the chain once a day. */
export const tokenMetadataCacheTtlMs = 24 * 60 * 60_000

const missingTokenCacheTtlMs = 5 * 60_000

export type TokenMetadata = { address: Address; name: string; symbol: string; decimals: number }

/**
 * Name, symbol and decimals of tokens on one chain: the native coin and listed tokens from
 * configuration, any other address read from the chain in one multicall (and cached). An
 * address that is not an ERC-20 is absent from the result.
 */
export async function getTokenMetadata(
  { client, cache }: { client: PublicClient; cache: CacheStore },
  { network, addresses }: { network: ApiNetwork; addresses: readonly Address[] },
): Promise<Map<Address, TokenMetadata>> {
  const found = new Map<Address, TokenMetadata>()
  const unlisted: Address[] = []
  for (const address of addresses) {
    if (isAddressEqual(address, nativeTokenAddress)) {
      found.set(address, { address, ...network.nativeCurrency })
      continue
    }
    const listed = network.tokens.find((token) => isAddressEqual(token.address, address))
    if (listed)
      found.set(address, {
        address,
        name: listed.name,
        symbol: listed.symbol,
        decimals: listed.decimals,
      })
    else unlisted.push(address)
  }
  if (unlisted.length === 0) return found

  const keyOf = (address: Address) => `token:v1:${network.id}:${address.toLowerCase()}`
  const cached = await Promise.all(
    unlisted.map((address) => cache.get<TokenMetadata | { missing: true }>(keyOf(address))),
  )
  const toRead = unlisted.filter((address, index) => {
    const entry = cached[index]
    if (!entry) return true
    if ('decimals' in entry) found.set(address, { ...entry, address })
    return false
  })
  if (toRead.length === 0) return found

  const calls = toRead.flatMap((address) =>
    (['name', 'symbol', 'decimals'] as const).map(
      (functionName) => ({ address, abi: erc20Abi, functionName }) as const,
    ),
  )
  const results = await client
    .multicall({
      contracts: calls,
      allowFailure: true,
      multicallAddress: network.multicall3 ?? multicall3Address,
      batchSize: 0,
    })
    .catch((error: unknown) => {
      throw wrapRpcError(network.id, error)
    })
  throwIfRpcFailed(network.id, results)
  await Promise.all(
    toRead.map((address, index) => {
      const [name, symbol, decimals] = results
        .slice(index * 3, index * 3 + 3)
        .map((result) => (result.status === 'success' ? result.result : undefined))
      const read =
        typeof name === 'string' && typeof symbol === 'string' && typeof decimals === 'number'
          ? {
              address,
              // Anyone's contract: no control or bidi characters, and a sane length.
              name: cleanChainString(name, { maxLength: 100 }),
              symbol: cleanChainString(symbol, { maxLength: 32 }),
              decimals,
            }
          : undefined
      if (read) found.set(address, read)
      // Not an ERC-20 (yet): asked again in a few minutes rather than a day.
      return read
        ? cache.set(keyOf(address), read, tokenMetadataCacheTtlMs)
        : cache.set(keyOf(address), { missing: true }, missingTokenCacheTtlMs)
    }),
  )
  return found
}
