import type { HistoryTransfer } from '@latch/api-contract'

/** `self` when the account sent to itself, `out` when it sent, else `in` (addresses lower case). */
export function getTransferDirection(
  account: string,
  transfer: { fromAddress: string; toAddress: string },
): HistoryTransfer['direction'] {
  if (transfer.fromAddress === account && transfer.toAddress === account) return 'self'
  return transfer.fromAddress === account ? 'out' : 'in'
}
