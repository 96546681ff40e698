import type { Hex } from 'viem'

/** A block as `eth_getBlockByNumber(n, false)` lists it: its transactions by hash only. */
export type BlockHeader = { number: number; hash: Hex; transactions: readonly Hex[] }

/**
 * Groups the blocks that hold transactions into batches of full-block requests of about
 * `maxTransactions` transactions each (a block larger than that goes alone), in block order.
 * Empty blocks need no second read: their header already says everything the index keeps.
 */
export function planFullBlocks(
  headers: readonly BlockHeader[],
  maxTransactions: number,
): number[][] {
  const batches: number[][] = []
  let batch: number[] = []
  let transactions = 0
  for (const header of headers) {
    const count = header.transactions.length
    if (count === 0) continue
    if (batch.length > 0 && transactions + count > maxTransactions) {
      batches.push(batch)
      batch = []
      transactions = 0
    }
    batch.push(header.number)
    transactions += count
  }
  if (batch.length > 0) batches.push(batch)
  return batches
}

export type PlanReceiptsParameters = {
  blocks: readonly {
    hash: Hex
    /** Lowercase; `to` null for a contract creation. */
    transactions: readonly { hash: Hex; to: Hex | null }[]
  }[]
  /** Transactions (lowercase hashes) with a Transfer log in the range's `eth_getLogs`. */
  withTransferLogs: ReadonlySet<Hex>
  /** The RPC answers `eth_getBlockReceipts`. */
  blockReceipts: boolean
}

export type PlanReceiptsReturnType = {
  /** Blocks (by hash) whose receipts are read whole with `eth_getBlockReceipts`. */
  blocks: Hex[]
  /** Transactions whose receipt is read alone with `eth_getTransactionReceipt`. */
  transactions: Hex[]
}

/**
 * Which receipts a range needs. A transaction that emitted a log succeeded, so one named by a
 * Transfer log needs none; the others need theirs for their status (a failed call or payment),
 * and a contract creation for the address it created. A block where at least half of the
 * transactions need one (two or more) is read whole, in one call, when the RPC can; the others
 * one transaction at a time. The receipts read also check the logs: a transaction whose receipt
 * holds a Transfer log that `eth_getLogs` left out makes the range incomplete.
 */
export function planReceipts({
  blocks,
  withTransferLogs,
  blockReceipts,
}: PlanReceiptsParameters): PlanReceiptsReturnType {
  const plan: PlanReceiptsReturnType = { blocks: [], transactions: [] }
  for (const block of blocks) {
    const needed = block.transactions.filter(
      (transaction) => transaction.to === null || !withTransferLogs.has(transaction.hash),
    )
    if (needed.length === 0) continue
    if (blockReceipts && needed.length >= 2 && needed.length * 2 >= block.transactions.length)
      plan.blocks.push(block.hash)
    else plan.transactions.push(...needed.map((transaction) => transaction.hash))
  }
  return plan
}
