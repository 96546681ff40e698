import { type Hex, numberToHex, type PublicClient, type RpcBlock } from 'viem'
import { DeepReorgError, ReorgUnprovenError } from '../errors/indexer.ts'
import type { Checkpoint } from './createIndexerStore.ts'
import { findCommonAncestor } from './findCommonAncestor.ts'
import { mapWithConcurrency } from './mapWithConcurrency.ts'

export type ProveReorgParameters = {
  chainId: number
  /** The indexed blocks still kept, oldest first (the checkpoint's block last). */
  blocks: readonly { number: number; hash: Hex }[]
  checkpoint: Checkpoint
}

export type ProveReorgErrorType = ReorgUnprovenError | DeepReorgError

/**
 * The block to roll back to, returned only when the RPC proves a reorg: it holds a kept block
 * (the common ancestor) and, above it, one chain of blocks linked by their parent hashes up to
 * the checkpoint's height, whose first block differs from the indexed one. Anything less (a
 * missing block, blocks that do not link, the indexed tip back on the chain) is what a lagging
 * node or a balancer flipping between nodes answers, and throws `ReorgUnprovenError`; no kept
 * block on the chain throws `DeepReorgError`. Costs about log2(kept) + depth block reads.
 */
export async function proveReorg(
  client: PublicClient,
  { chainId, blocks, checkpoint }: ProveReorgParameters,
): Promise<{ number: number; hash: Hex }> {
  const ancestor = await findCommonAncestor(client, { chainId, blocks })
  if (!ancestor)
    throw new DeepReorgError({ chainId, keptFrom: blocks[0]?.number ?? checkpoint.blockNumber })
  if (ancestor.number >= checkpoint.blockNumber)
    throw new ReorgUnprovenError({
      chainId,
      reason: `it holds the indexed block ${checkpoint.blockNumber} after all`,
    })

  const numbers = Array.from(
    { length: checkpoint.blockNumber - ancestor.number },
    (_, index) => ancestor.number + 1 + index,
  )
  const branch = await mapWithConcurrency(numbers, 8, async (number) => {
    const block = (await client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(number), false],
    })) as RpcBlock | null
    if (!block?.hash || !block.parentHash)
      throw new ReorgUnprovenError({ chainId, reason: `it answered no block ${number}` })
    return { number, hash: block.hash.toLowerCase() as Hex, parent: block.parentHash.toLowerCase() }
  })
  let parent: Hex = ancestor.hash
  for (const block of branch) {
    if (block.parent !== parent)
      throw new ReorgUnprovenError({
        chainId,
        reason: `its block ${block.number} does not follow its block ${block.number - 1}`,
      })
    parent = block.hash
  }
  const indexedAfter = blocks.find((block) => block.number === ancestor.number + 1)
  if (branch[0]?.hash === indexedAfter?.hash)
    throw new ReorgUnprovenError({
      chainId,
      reason: `it holds the indexed block ${ancestor.number + 1} after all`,
    })
  return ancestor
}
