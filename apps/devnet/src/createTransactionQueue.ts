import {
  type Address,
  BaseError,
  type Hex,
  HttpRequestError,
  NonceTooLowError,
  TimeoutError,
  type TransactionReceipt,
} from 'viem'
import { type DevnetClients, requestTimeoutMs } from './createDevnetClients.ts'
import { DevnetTransactionError } from './errors.ts'

/** One transaction from the chain's owner account; without `to`, it deploys `data`. */
export type QueuedTransaction = { to?: Address; data?: Hex; value?: bigint }

/**
 * Sends one transaction and resolves with its receipt once anvil has mined it. Throws a
 * `DevnetTransactionError` naming the chain and `step` if it reverts, cannot be sent, or anvil
 * does not answer within `requestTimeoutMs`.
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

  const countNonce = () => publicClient.getTransactionCount({ address, blockTag: 'pending' })
  const sendSync = (transaction: QueuedTransaction, nonce: number) =>
    walletClient.sendTransactionSync({ ...transaction, to: transaction.to ?? null, nonce })

  const send: SendTransaction = async (step, transaction) => {
    let receipt: TransactionReceipt
    try {
      let nonce = nextNonce ?? (await countNonce())
      try {
        receipt = await sendSync(transaction, nonce)
      } catch (error) {
        const stale =
          nextNonce !== undefined &&
          error instanceof BaseError &&
          error.walk((cause) => cause instanceof NonceTooLowError)
        if (!stale) throw error
        // Someone else sent from the owner's (well-known) key: count again, once.
        nonce = await countNonce()
        receipt = await sendSync(transaction, nonce)
      }
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
    if (error.walk((cause) => cause instanceof TimeoutError)) {
      return `anvil did not answer within ${requestTimeoutMs / 1000} s.`
    }
    const unreachable = error.walk((cause) => cause instanceof HttpRequestError)
    if (unreachable instanceof HttpRequestError && unreachable.status === undefined) {
      return `anvil did not answer (${unreachable.details}).`
    }
    const details = error.details && !error.shortMessage.includes(error.details)
    return details ? `${error.shortMessage} (${error.details})` : error.shortMessage
  }
  return error instanceof Error ? error.message : String(error)
}
