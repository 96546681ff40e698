import type { HistoryTransaction } from '@latch/api-contract'

export type OperationType = HistoryTransaction['metadata']['operationType']

const zeroAddress = '0x0000000000000000000000000000000000000000'
/** `approve(address,uint256)` and `setApprovalForAll(address,bool)`. */
const approvalMethods = new Set(['0x095ea7b3', '0xa22cb465'])
/**
 * Uniswap V2 router swaps (`swapExactTokensForETH`, `swapTokensForExactETH`,
 * `swapExactTokensForTokens`, `swapTokensForExactTokens`, `swapExactETHForTokens`,
 * `swapETHForExactTokens` and the fee-on-transfer variants). A swap into the native coin pays
 * it out by an internal call, which logs nothing: only the token going out is seen, yet it is
 * a trade, not a send.
 */
const swapMethods = new Set([
  '0x18cbafe5',
  '0x4a25d94a',
  '0x38ed1739',
  '0x8803dbee',
  '0x7ff36ab5',
  '0xfb3bdb41',
  '0x791ac947',
  '0x5c11d795',
  '0xb6f9de95',
])

export type GetOperationTypeParameters = {
  /** The account whose history this is (lowercase). */
  account: string
  transaction: { from: string; to: string | null; methodId: string | null }
  /** The transaction's transfers to or from the account. */
  transfers: readonly { direction: 'in' | 'out' | 'self'; from: string; to: string }[]
}

/**
 * What a transaction was for the account: a deploy or a call (approve, execute) when nothing
 * moved, otherwise by what moved: in and out is a trade, in only a receive (a mint when every
 * token came from the zero address), out only a send (a burn when all went to it); the
 * account's own router swap is a trade even when only one side is seen.
 */
export function getOperationType({
  account,
  transaction,
  transfers,
}: GetOperationTypeParameters): OperationType {
  if (transfers.length === 0) {
    if (transaction.from !== account) return 'execute'
    if (transaction.to === null) return 'deploy'
    if (transaction.methodId && approvalMethods.has(transaction.methodId)) return 'approve'
    return 'execute'
  }
  const incoming = transfers.filter((transfer) => transfer.direction === 'in')
  const outgoing = transfers.filter((transfer) => transfer.direction === 'out')
  if (incoming.length > 0 && outgoing.length > 0) return 'trade'
  if (transaction.from === account && transaction.methodId && swapMethods.has(transaction.methodId))
    return 'trade'
  if (incoming.length > 0)
    return incoming.every((transfer) => transfer.from === zeroAddress) ? 'mint' : 'receive'
  if (outgoing.length > 0)
    return outgoing.every((transfer) => transfer.to === zeroAddress) ? 'burn' : 'send'
  return 'send'
}
