import type { PendingTransaction } from '@latch/core'
import { useMemo, useSyncExternalStore } from 'react'
import { useConfig } from '../hooks/useConfig.ts'

/**
 * The transactions sent through Latch and not settled yet, newest first (`config.transactions`),
 * only those of `address` (case-insensitive) and `chainId` when given.
 */
export function usePendingTransactions(
  filter: { address?: string | undefined; chainId?: number | undefined } = {},
): readonly PendingTransaction[] {
  const { transactions } = useConfig()
  const all = useSyncExternalStore(
    transactions.subscribe,
    transactions.getState,
    transactions.getState,
  )
  const address = filter.address?.toLowerCase()
  const { chainId } = filter
  return useMemo(
    () =>
      all.filter(
        (transaction) =>
          (address === undefined || transaction.from.toLowerCase() === address) &&
          (chainId === undefined || transaction.chainId === chainId),
      ),
    [all, address, chainId],
  )
}
