import type { CaipNetworkId, FiatCurrency } from '@latch/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { accountRefetchInterval } from './accountQueryTimings.ts'
import { canRetryBalance, getBalanceRetryAt } from './balanceRetry.ts'
import { tokenBalancesQueryOptions } from './tokenBalancesQueryOptions.ts'

export type UseAccountBalanceParameters = {
  address: string | undefined
  chainId: number | undefined
  /** A Solana or Bitcoin network (CAIP-2): its balances instead of `chainId`'s. */
  caipNetworkId?: CaipNetworkId | undefined
  /** Default the person's setting (`options.currency`). */
  currency?: FiatCurrency | undefined
}

type FailureState = { state: { status: string; errorUpdatedAt: number } }

/**
 * The account's token balances (native coin and total included) with the spec's failure
 * rules: each failure shows the 'Token Balance Unavailable' error toast, and no new request
 * (interval, retry, window focus, remount) goes out until 30 s after the last failure. While
 * healthy it refetches on an interval so the panel follows the chain. `retry` is set once a
 * retry is allowed.
 */
export function useAccountBalance(parameters: UseAccountBalanceParameters) {
  const config = useConfig()
  const { t } = useMessages()
  const mayRefetch = (query: FailureState) =>
    canRetryBalance(query.state.errorUpdatedAt, Date.now())
  const query = useQuery({
    ...tokenBalancesQueryOptions(config, {
      ...parameters,
      onFailure: () =>
        config.toasts.show({ variant: 'error', message: t('error.tokenBalanceUnavailable') }),
    }),
    refetchInterval: (query) =>
      query.state.status === 'error'
        ? Math.max(getBalanceRetryAt(query.state.errorUpdatedAt) - Date.now(), 1000)
        : accountRefetchInterval,
    refetchOnMount: mayRefetch,
    refetchOnWindowFocus: mayRefetch,
    refetchOnReconnect: mayRefetch,
  })

  const failedAt = query.status === 'error' ? query.errorUpdatedAt : 0
  const [allowedAfter, setAllowedAfter] = useState(0)
  useEffect(() => {
    if (!failedAt) return
    const wait = getBalanceRetryAt(failedAt) - Date.now()
    if (wait <= 0) return setAllowedAfter(failedAt)
    const timer = setTimeout(() => setAllowedAfter(failedAt), wait)
    return () => clearTimeout(timer)
  }, [failedAt])
  const retryAllowed = failedAt !== 0 && allowedAfter === failedAt

  return {
    data: query.data,
    error: query.status === 'error' ? query.error : undefined,
    isPending: query.isPending || (query.isFetching && query.status !== 'success'),
    retry: retryAllowed ? () => void query.refetch() : undefined,
  }
}
