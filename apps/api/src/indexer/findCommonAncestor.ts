import { type Hex, numberToHex, type PublicClient, type RpcBlock } from 'viem'
import { ReorgUnprovenError } from '../errors/indexer.ts'

export type FindCommonAncestorParameters = {
  chainId: number
  /** The indexed blocks still kept, oldest first. */
  blocks: readonly { number: number; hash: Hex }[]
}

/**
 * The newest kept block that is still on the chain, or undefined when none is. Blocks below a
 * reorg match and blocks above it do not, so a binary search needs about log2(n) block reads.
 * A block the RPC does not return proves nothing (a lagging node): that throws
 * `ReorgUnprovenError` instead of counting as a mismatch.
 */
export async function findCommonAncestor(
  client: PublicClient,
  { chainId, blocks }: FindCommonAncestorParameters,
): Promise<{ number: number; hash: Hex } | undefined> {
  let low = 0
  let high = blocks.length - 1
  let found: { number: number; hash: Hex } | undefined
  while (low <= high) {
    const middle = (low + high) >> 1
    const block = blocks[middle] as { number: number; hash: Hex }
    const onChain = (await client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(block.number), false],
    })) as RpcBlock | null
    if (!onChain?.hash)
      throw new ReorgUnprovenError({ chainId, reason: `it answered no block ${block.number}` })
    if (onChain.hash.toLowerCase() === block.hash) {
      found = block
      low = middle + 1
    } else high = middle - 1
  }
  return found
}
