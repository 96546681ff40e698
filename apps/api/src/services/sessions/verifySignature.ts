import { type Address, type Hex, verifyMessage } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import { wrapRpcError } from '../wrapRpcError.ts'

/**
 * Whether `signature` is the address's EIP-191 signature of `message` on the chain: an EOA's,
 * a deployed contract account's (ERC-1271) or a not yet deployed one's (ERC-6492), through
 * viem's `verifyMessage` action on the chain's client. Without a client for the chain (a
 * network since removed from the configuration) only EOA signatures can be checked. A dead RPC
 * is a 502.
 */
export async function verifySignature(
  { clients }: { clients: ChainClients },
  {
    chainId,
    address,
    message,
    signature,
  }: {
    chainId: number
    address: Address
    message: string
    signature: Hex
  },
): Promise<boolean> {
  const client = clients.get(chainId)
  try {
    if (!client) return await verifyMessage({ address, message, signature })
    return await client.verifyMessage({ address, message, signature })
  } catch (error) {
    throw wrapRpcError(chainId, error)
  }
}
