import { type Address, BaseError, type Hex, type TransactionReceipt } from 'viem'
import type { DevnetClients } from './createDevnetClients.ts'
import { DevnetTransactionError } from './errors.ts'

/** One transaction from the chain's owner account; without `to`, it deploys `data`. */
export type QueuedTransaction = { to?: Address; data?: Hex; value?: bigint }

/**
 * Sends one transaction and resolves with its receipt once anvil has mined it. Throws a
 * `DevnetTransactionError` naming the chain and `step` if it reverts, cannot be sent, or is not
 * mined within `transactionTimeoutMs`.
 */
export type SendTransaction = (
  step: string,
  transaction: QueuedTransaction,
) => Promise<TransactionReceipt>

export type TransactionQueue = {
  /**
   * Runs `job` once every job queued before it on this chain has settled, so that jobs never
   * overlap; `job` sends with `send`, one transaction after the other.
   */
  run: <T>(job: (send: SendTransaction) => Promise<T>) => Promise<T>
}

/** How long anvil may take to mine one transaction before the step fails. */
export const transactionTimeoutMs = 15_000

/**
 * The owner account's transactions on one chain, strictly one at a time: each is sent with an
 * explicit, locally counted nonce once the previous one is mined (`eth_sendRawTransactionSync`).
 *
 * Never more than one: anvil's automine loses track of a sender's transactions that reach it
 * while it is mining the previous one (in parallel, or even in order without waiting), and leaves
 * them in its pool forever, so that waiting for their receipts times out.
 */
export function createTransactionQueue(clients: DevnetClients): TransactionQueue {
  const { chain, publicClient, walletClient } = clients
  const address = walletClient.account.address
  const label = `${chain.name} (${chain.id})`
  // Unknown until the first transaction, and again after one whose fate is unknown.
  let nextNonce: number | undefined
  let tail: Promise<unknown> = Promise.resolve()

  const send: SendTransaction = async (step, transaction) => {
    let receipt: TransactionReceipt
    try {
      const nonce =
        nextNonce ?? (await publicClient.getTransactionCount({ address, blockTag: 'pending' }))
      receipt = await walletClient.sendTransactionSync({
        ...transaction,
        to: transaction.to ?? null,
        nonce,
        timeout: transactionTimeoutMs,
      })
      nextNonce = nonce + 1
    } catch (error) {
      // It may have reached anvil or not: count from the chain before the next transaction.
      nextNonce = undefined
      throw new DevnetTransactionError(`Step "${step}" failed on ${label}: ${describe(error)}`, {
        chainId: chain.id,
        step,
        cause: error,
      })
    }
    if (receipt.status !== 'success') {
      throw new DevnetTransactionError(
        `Step "${step}" reverted on ${label} in transaction "${receipt.transactionHash}".`,
        { chainId: chain.id, step },
      )
    }
    return receipt
  }

  return {
    run(job) {
      const result = tail.then(() => job(send))
      tail = result.catch(() => {})
      return result
    },
  }
}

function describe(error: unknown): string {
  if (error instanceof BaseError) {
    const details = error.details && !error.shortMessage.includes(error.details)
    return details ? `${error.shortMessage} (${error.details})` : error.shortMessage
  }
  return error instanceof Error ? error.message : String(error)
}
