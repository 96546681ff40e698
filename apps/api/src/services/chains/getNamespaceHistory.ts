import type { HistoryResponse } from '@latch/api-contract'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { getBitcoinHistory } from '../bitcoin/getBitcoinHistory.ts'
import { parseBitcoinAddress } from '../bitcoin/parseBitcoinAddress.ts'
import { getSolanaHistory } from '../solana/getSolanaHistory.ts'
import { parseSolanaAddress } from '../solana/parseSolanaAddress.ts'
import type { NamespaceClients } from './createNamespaceClients.ts'
import { resolveCaipNetwork } from './resolveCaipNetwork.ts'

/** One page of activity on a Solana or Bitcoin network, read from the chain. */
export async function getNamespaceHistory(
  { clients, cache }: { clients: NamespaceClients; cache: CacheStore },
  {
    address,
    chainId,
    cursor,
    limit,
  }: { address: string; chainId: string; cursor?: string | undefined; limit: number },
): Promise<HistoryResponse> {
  const network = resolveCaipNetwork(clients.networks, chainId)
  if (network.namespace === 'solana') {
    const rpc = clients.solana.get(network.caipNetworkId)
    if (!rpc) throw new Error(`No client for ${network.caipNetworkId}.`)
    return getSolanaHistory(
      { rpc, cache },
      { address: parseSolanaAddress(address), network, cursor, limit },
    )
  }
  const esplora = clients.bitcoin.get(network.caipNetworkId)
  if (!esplora) throw new Error(`No client for ${network.caipNetworkId}.`)
  return getBitcoinHistory(
    { esplora, cache },
    { address: parseBitcoinAddress(address, network), network, cursor, limit },
  )
}
