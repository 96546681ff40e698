import type { LatchStorage } from '../storage/createLatchStorage.ts'
import {
  confirmationWaitMs,
  pendingTransactionsLimit,
  pendingTransactionsPollingMs,
} from '../timings.ts'
import type { Hex, Scheduler, Unsubscribe } from '../types.ts'
import { createStore } from '../utils/createStore.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'
import type { PendingTransaction, SettledTransaction } from './PendingTransaction.ts'

/** A receipt's outcome; undefined when the transaction is not mined within `timeoutMs`. */
export type CheckReceipt = (
  transaction: PendingTransaction,
  options: { timeoutMs: number },
) => Promise<'success' | 'reverted' | undefined>

export type PendingTransactionStore = {
  /** Newest first, at most 99. */
  getState(): readonly PendingTransaction[]
  subscribe(listener: (state: readonly PendingTransaction[]) => void): Unsubscribe
  /** Tracks a broadcast transaction (a second add of the same hash replaces it). */
  add(transaction: PendingTransaction): void
  /** Ends tracking with its outcome and tells the watchers; unknown hashes are ignored. */
  settle(hash: Hex, status: SettledTransaction['status'], via?: SettledTransaction['via']): void
  /**
   * Hears every outcome. The first watcher re-checks each pending transaction by hash (the
   * receipts of a previous page load), and, when polling is on, again every 30 s until the
   * last watcher leaves.
   */
  watch(onSettled: (transaction: SettledTransaction) => void): Unsubscribe
  /** Asks for each pending transaction's receipt once (waiting up to 25 s each). */
  check(): Promise<void>
}

export type CreatePendingTransactionStoreParameters = {
  storage: LatchStorage
  checkReceipt: CheckReceipt
  /** Re-check every 30 s while watched; default off (spec section 9). */
  polling?: boolean | undefined
  scheduler?: Scheduler | undefined
}

/**
 * The transactions sent through Latch and not settled yet (spec section 9: at most 99),
 * persisted in Latch's storage so a reload still shows them and still gets their outcome.
 */
export function createPendingTransactionStore(
  parameters: CreatePendingTransactionStoreParameters,
): PendingTransactionStore {
  const { storage, checkReceipt } = parameters
  const scheduler = parameters.scheduler ?? defaultScheduler
  const store = createStore<readonly PendingTransaction[]>(storage.getPendingTransactions())
  const watchers = new Set<(transaction: SettledTransaction) => void>()
  const checking = new Set<string>()
  let pollTimer: unknown

  function set(next: readonly PendingTransaction[]) {
    store.setState(next)
    storage.setPendingTransactions(next)
  }

  function settle(hash: Hex, status: SettledTransaction['status'], via: 'send' | 'check' = 'send') {
    const key = hash.toLowerCase()
    const entry = store.getState().find((transaction) => transaction.hash.toLowerCase() === key)
    if (!entry) return
    set(store.getState().filter((transaction) => transaction !== entry))
    for (const watcher of [...watchers]) watcher({ ...entry, status, via })
  }

  async function checkOne(transaction: PendingTransaction) {
    const key = transaction.hash.toLowerCase()
    if (checking.has(key)) return
    checking.add(key)
    try {
      const outcome = await checkReceipt(transaction, { timeoutMs: confirmationWaitMs })
      if (outcome) settle(transaction.hash, outcome === 'success' ? 'confirmed' : 'failed', 'check')
    } catch {
      // The node is unreachable: the transaction stays pending for the next check.
    } finally {
      checking.delete(key)
    }
  }

  async function check() {
    await Promise.all(store.getState().map(checkOne))
  }

  function poll() {
    pollTimer = scheduler.setTimeout(() => {
      void check().finally(() => {
        if (watchers.size > 0) poll()
      })
    }, pendingTransactionsPollingMs)
  }

  return {
    getState: store.getState,
    subscribe: (listener) => store.subscribe((state) => listener(state)),
    add(transaction) {
      const key = transaction.hash.toLowerCase()
      set(
        [
          transaction,
          ...store.getState().filter((entry) => entry.hash.toLowerCase() !== key),
        ].slice(0, pendingTransactionsLimit),
      )
    },
    settle,
    watch(onSettled) {
      watchers.add(onSettled)
      if (watchers.size === 1) {
        void check()
        if (parameters.polling) poll()
      }
      return () => {
        watchers.delete(onSettled)
        if (watchers.size === 0 && pollTimer !== undefined) {
          scheduler.clearTimeout(pollTimer)
          pollTimer = undefined
        }
      }
    },
    check,
  }
}
