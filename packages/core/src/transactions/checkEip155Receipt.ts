import type { Hex } from 'viem'
import { getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions'
import { createTransferClient } from '../actions/createTransferClient.ts'
import { receiptConfirmations, receiptRetryCount, receiptRetryDelay } from '../timings.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import type { PendingTransaction } from './PendingTransaction.ts'

/**
 * A pending EVM transaction's outcome by its hash: the receipt if mined, else the wait for
 * it (`timeoutMs`, the confirmation wait); undefined when still unmined, or on an unknown chain.
 */
export async function checkEip155Receipt(
  networks: readonly Pick<LatchNetwork, 'id' | 'rpcUrl'>[],
  transaction: PendingTransaction,
  options: { timeoutMs: number },
): Promise<'success' | 'reverted' | undefined> {
  const network = networks.find((entry) => entry.id === transaction.chainId)
  if (!network) return undefined
  const client = createTransferClient(network)
  const hash = transaction.hash as Hex
  const mined = await getTransactionReceipt(client, { hash }).catch(() => undefined)
  if (mined) return mined.status
  try {
    const receipt = await waitForTransactionReceipt(client, {
      hash,
      timeout: options.timeoutMs,
      retryCount: receiptRetryCount,
      retryDelay: receiptRetryDelay,
      confirmations: receiptConfirmations,
    })
    return receipt.status
  } catch (error) {
    if (error instanceof Error && error.name === 'WaitForTransactionReceiptTimeoutError')
      return undefined
    throw error
  }
}
