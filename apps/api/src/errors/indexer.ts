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
