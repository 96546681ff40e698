import { BaseError } from './base.ts'

/**
 * The chain changed under a block range while it was being read (a log or a parent hash names
 * a block the range does not hold): the range is dropped and read again after the reorg check.
 */
export class BlockRangeChangedError extends BaseError {
  override name = 'BlockRangeChangedError'
  constructor({ chainId, blockNumber }: { chainId: number; blockNumber: number }) {
    super(`Chain eip155:${chainId} changed at block ${blockNumber} while it was being read.`)
  }
}

/** The RPC answered nothing for a block it had just counted (a node behind its own head). */
export class BlockNotFoundError extends BaseError {
  override name = 'BlockNotFoundError'
  constructor({ chainId, blockNumber }: { chainId: number; blockNumber: number }) {
    super(`Block ${blockNumber} of chain eip155:${chainId} was not found.`)
  }
}

/** Another writer moved the chain's checkpoint since this indexer read it. */
export class CheckpointMovedError extends BaseError {
  override name = 'CheckpointMovedError'
  constructor({ chainId }: { chainId: number }) {
    super(`The indexer checkpoint of chain eip155:${chainId} moved under this indexer.`)
  }
}

/**
 * The RPC answered a block without all of its data (no logs, or fewer Transfer logs than the
 * block's receipts hold): a node that has not finished indexing it, or a balancer mixing two
 * nodes. The range is read again later rather than written with transfers missing.
 */
export class BlockRangeIncompleteError extends BaseError {
  override name = 'BlockRangeIncompleteError'
  constructor({ chainId, blockNumber }: { chainId: number; blockNumber: number }) {
    super(
      `The RPC of chain eip155:${chainId} answered block ${blockNumber} without all of its logs.`,
    )
  }
}

/** The RPC's head is below the indexed block: a lagging node, waited for, never a reorg. */
export class NodeBehindError extends BaseError {
  override name = 'NodeBehindError'
  constructor({
    chainId,
    headBlock,
    indexedBlock,
  }: {
    chainId: number
    headBlock: number
    indexedBlock: number
  }) {
    super(
      `The RPC of chain eip155:${chainId} is at block ${headBlock}, behind the indexed block ${indexedBlock}.`,
      { metaMessages: ['Waiting for it to catch up; nothing indexed is deleted.'] },
    )
  }
}

/**
 * The RPC disagrees with the indexed blocks without proving a reorg (no block, or blocks that
 * do not link to one another: a lagging node or a balancer flipping between nodes).
 */
export class ReorgUnprovenError extends BaseError {
  override name = 'ReorgUnprovenError'
  constructor({ chainId, reason }: { chainId: number; reason: string }) {
    super(
      `The RPC of chain eip155:${chainId} disagrees with the indexed blocks without proving a reorg: ${reason}.`,
      { metaMessages: ['Retrying later; nothing indexed is deleted.'] },
    )
  }
}

/**
 * None of the kept blocks is on the chain any more, though its genesis is unchanged: a reorg
 * deeper than the kept blocks, or a node on another branch. Nothing is deleted.
 */
export class DeepReorgError extends BaseError {
  override name = 'DeepReorgError'
  constructor({ chainId, keptFrom }: { chainId: number; keptFrom: number }) {
    super(
      `Chain eip155:${chainId} no longer holds any indexed block from block ${keptFrom} on, yet its genesis is unchanged.`,
      {
        metaMessages: [
          'A reorg deeper than the kept blocks (keepBlocks), or an RPC on another branch: indexing waits, nothing is deleted.',
        ],
      },
    )
  }
}

/** The RPC serves another chain than the one configured: that chain's indexer stops. */
export class ChainIdMismatchError extends BaseError {
  override name = 'ChainIdMismatchError'
  constructor({ chainId, rpcChainId }: { chainId: number; rpcChainId: number }) {
    super(
      `The RPC of chain eip155:${chainId} answers chain id ${rpcChainId}: indexing of this chain stopped.`,
      {
        metaMessages: ['Fix the network RPC URL and restart the API; nothing indexed was deleted.'],
      },
    )
  }
}
