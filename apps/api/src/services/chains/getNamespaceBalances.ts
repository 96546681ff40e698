import type { TokenBalance } from '@latch/api-contract'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { allowForceUpdate } from '../allowForceUpdate.ts'
import { getBitcoinBalances } from '../bitcoin/getBitcoinBalances.ts'
import { parseBitcoinAddress } from '../bitcoin/parseBitcoinAddress.ts'
import { getSolanaBalances } from '../solana/getSolanaBalances.ts'
import { parseSolanaAddress } from '../solana/parseSolanaAddress.ts'
import type { NamespaceClients } from './createNamespaceClients.ts'
import { resolveCaipNetwork } from './resolveCaipNetwork.ts'

/**
 * Balances on a Solana or Bitcoin network (`chainId` CAIP-2): the address checked for that
 * network first (clear words for a bad one), then the chain read through the namespace's
 * client, cached 30 s; `forceUpdate` is throttled like the EVM one (per key every 5 s, or
 * sooner on a new slot or block).
 */
export async function getNamespaceBalances(
  { clients, cache }: { clients: NamespaceClients; cache: CacheStore },
  {
    address,
    chainId,
    currency,
    forceUpdate,
    iconUrl,
  }: {
    address: string
    chainId: string
    currency: string
    forceUpdate: boolean
    iconUrl: (symbol: string) => string
  },
): Promise<TokenBalance[]> {
  const network = resolveCaipNetwork(clients.networks, chainId)
  if (network.namespace === 'solana') {
    const owner = parseSolanaAddress(address)
    const rpc = clients.solana.get(network.caipNetworkId)
    if (!rpc) throw new Error(`No client for ${network.caipNetworkId}.`)
    const force =
      forceUpdate &&
      (await allowForceUpdate(
        {
          cache,
          getHeadBlock: async () =>
            BigInt(await rpc<number>('getSlot', [{ commitment: 'confirmed' }])),
        },
        { key: `balance:${chainId}:${owner}` },
      ))
    return getSolanaBalances(
      { rpc, cache },
      { address: owner, network, currency, forceUpdate: force, iconUrl },
    )
  }
  const owner = parseBitcoinAddress(address, network)
  const esplora = clients.bitcoin.get(network.caipNetworkId)
  if (!esplora) throw new Error(`No client for ${network.caipNetworkId}.`)
  const force =
    forceUpdate &&
    (await allowForceUpdate(
      { cache, getHeadBlock: async () => BigInt(await esplora<number>('/blocks/tip/height')) },
      { key: `balance:${chainId}:${owner}` },
    ))
  return getBitcoinBalances(
    { esplora, cache },
    { address: owner, network, currency, forceUpdate: force, iconUrl },
  )
}
