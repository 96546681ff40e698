import type { Hex } from 'viem'
import { type BlockRangeData, zeroAddress } from './fetchBlockRange.ts'

export type AccountTransaction = {
  account: Hex
  txHash: Hex
  blockNumber: number
  txIndex: number
  blockTimestamp: number
}

/**
 * The (account, transaction) pairs a range adds to the history: every sender, the recipient of
 * native value, and both sides of each token transfer (never the zero address), once each.
 */
export function listAccountTransactions(data: BlockRangeData): AccountTransaction[] {
  // The accounts already listed for each transaction: a few each, compared without building
  // a key string per row (a busy range has tens of thousands).
  const seen = new Map<Hex, Hex[]>()
  const rows: AccountTransaction[] = []
  const add = (
    account: Hex,
    at: { txHash: Hex; blockNumber: number; txIndex: number; blockTimestamp: number },
  ) => {
    if (account === zeroAddress) return
    const accounts = seen.get(at.txHash)
    if (accounts?.includes(account)) return
    if (accounts) accounts.push(account)
    else seen.set(at.txHash, [account])
    rows.push({
      account,
      txHash: at.txHash,
      blockNumber: at.blockNumber,
      txIndex: at.txIndex,
      blockTimestamp: at.blockTimestamp,
    })
  }
  for (const transaction of data.transactions)
    add(transaction.from, { ...transaction, txHash: transaction.hash })
  for (const transfer of data.transfers) {
    add(transfer.from, transfer)
    add(transfer.to, transfer)
  }
  return rows
}
