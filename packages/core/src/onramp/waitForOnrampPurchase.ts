import type { HistoryTransaction } from '@latch/api-contract'
import { getHistory } from '../actions/getHistory.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { Scheduler } from '../types.ts'

/** How often the history is asked while a purchase is awaited. */
export const onrampPollIntervalMs = 3_000
/** How long a purchase is awaited: a card checkout takes minutes, a bank transfer longer. */
export const onrampWaitTimeoutMs = 30 * 60_000

export type WaitForOnrampPurchaseParameters = {
  address: string
  chainId?: number | undefined
  /** The purchases already there: only a new one ends the wait (`getOnrampPurchaseIds`). */
  known: ReadonlySet<string>
  /** Ends the wait (`cancelled`) when it returns true; checked at every poll. */
  isCancelled?: (() => boolean) | undefined
  pollIntervalMs?: number | undefined
  timeoutMs?: number | undefined
}

export type WaitForOnrampPurchaseReturnType =
  | { status: 'purchased'; transaction: HistoryTransaction }
  | { status: 'timeout' }
  | { status: 'cancelled' }

/** A purchase whose coins arrived (not one in progress or failed). */
const arrivedStatuses: readonly string[] = ['ONRAMP_TRANSACTION_STATUS_SUCCESS', 'confirmed']

/** The ids of the account's on-ramp purchases now (the history's `onramp=all` page); empty when unknown. */
export async function getOnrampPurchaseIds(
  config: LatchConfig,
  parameters: { address: string; chainId?: number | undefined },
): Promise<Set<string>> {
  try {
    const page = await getHistory(config, { ...parameters, onramp: 'all', limit: 100 })
    return new Set(page.data.map((transaction) => transaction.id))
  } catch {
    return new Set()
  }
}

/**
 * Waits for an on-ramp purchase to reach the account: polls the history's `onramp` filter
 * until a purchase not in `known` has arrived, the wait times out (30 minutes by default) or it is
 * cancelled. A failed poll is tried again at the next tick.
 */
export function waitForOnrampPurchase(
  config: LatchConfig & { readonly scheduler: Scheduler },
  parameters: WaitForOnrampPurchaseParameters,
): Promise<WaitForOnrampPurchaseReturnType> {
  const interval = parameters.pollIntervalMs ?? onrampPollIntervalMs
  const deadline = parameters.timeoutMs ?? onrampWaitTimeoutMs
  let waited = 0
  return new Promise((resolve) => {
    const poll = async () => {
      if (parameters.isCancelled?.()) return resolve({ status: 'cancelled' })
      try {
        const page = await getHistory(config, {
          address: parameters.address,
          chainId: parameters.chainId,
          onramp: 'all',
          limit: 25,
        })
        const purchase = page.data.find(
          (transaction) =>
            !parameters.known.has(transaction.id) &&
            arrivedStatuses.includes(transaction.metadata.status),
        )
        if (parameters.isCancelled?.()) return resolve({ status: 'cancelled' })
        if (purchase) return resolve({ status: 'purchased', transaction: purchase })
      } catch {
        // The API or the network hiccuped: the next tick asks again.
      }
      if (waited >= deadline) return resolve({ status: 'timeout' })
      waited += interval
      config.scheduler.setTimeout(() => void poll(), interval)
    }
    config.scheduler.setTimeout(() => void poll(), interval)
  })
}
