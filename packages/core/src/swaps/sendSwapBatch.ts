import { getTransferContext } from '../actions/getTransferContext.ts'
import { sendCalls } from '../actions/sendCalls.ts'
import { transferReceiptTimeoutMs } from '../actions/transferTypes.ts'
import { waitForCallsStatus } from '../actions/waitForCallsStatus.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ProviderRequestError } from '../errors/provider.ts'
import { SwapRevertedError } from '../errors/swap.ts'
import type { Hex } from '../types.ts'
import type { SendSwapCallReturnType } from './sendSwapCall.ts'

export type SendSwapBatchParameters = {
  chainId: number
  /** The approval then the swap, as the API built them (`to` may be CAIP-10). */
  calls: readonly { to: string; data: Hex; value: bigint }[]
  /** What the pending entry (Activity, the toast) shows. */
  summary: { amount: string; symbol: string; to: string }
  onSubmitted?: ((hash: Hex) => void) | undefined
}

/**
 * Sends an approval and its swap as ONE atomic EIP-5792 batch (`wallet_sendCalls` with
 * `atomicRequired`: one confirmation, all or nothing), then follows the wallet's call status
 * to the transaction that carried it, tracked like any swap (pending entry, settled). Declining
 * is `UserRejectedRequestError`; a reverted batch `SwapRevertedError`; a wallet that reports
 * nothing in time `CallsStatusTimeoutError`.
 */
export async function sendSwapBatch(
  config: LatchConfig,
  parameters: SendSwapBatchParameters,
): Promise<SendSwapCallReturnType> {
  const { from, network } = getTransferContext(config, parameters.chainId)
  const { id } = await sendCalls(config, {
    chainId: network.id,
    calls: parameters.calls,
    atomicRequired: true,
  })
  let status: Awaited<ReturnType<typeof waitForCallsStatus>>
  try {
    status = await waitForCallsStatus(config, { id, timeout: transferReceiptTimeoutMs })
  } catch (error) {
    config.logs?.error('Swap batch status unknown.', { id, error })
    throw error
  }
  // The transaction that carried the batch (one, for an atomic batch): its hash is the swap's.
  const receipt = status.receipts.at(-1)
  if (!receipt)
    throw new ProviderRequestError('The wallet reported the batch without its transaction.', {})
  const hash = receipt.transactionHash
  config.transactions.add({
    hash,
    chainId: network.id,
    from,
    to: parameters.summary.to,
    amount: parameters.summary.amount,
    symbol: parameters.summary.symbol,
    submittedAt: Date.now(),
  })
  parameters.onSubmitted?.(hash)
  if (status.status !== 'success') {
    config.transactions.settle(hash, 'failed')
    config.logs?.error('Swap failed.', { submitted: hash, id })
    throw new SwapRevertedError(hash)
  }
  config.transactions.settle(hash, 'confirmed')
  return { hash, blockNumber: receipt.blockNumber ?? 0n }
}
