import { getBalance } from '@latch/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { canRetryBalance, getBalanceRetryAt } from './balanceRetry.ts'

export type UseAccountBalanceParameters = {
  address: string | undefined
  chainId: number | undefined
}

/**
 * The account's native balance with the spec's failure rules: each failure shows the
 * 'Token Balance Unavailable' error toast, and no new request (retry, window focus, remount)
 * goes out until 30 s after the last failure. `retry` is set once a retry is allowed.
 */
export function useAccountBalance(parameters: UseAccountBalanceParameters) {
  const config = useConfig()
  const { t } = useMessages()
  const { address, chainId } = parameters
  const mayRefetch = (query: { state: { errorUpdatedAt: number } }) =>
    canRetryBalance(query.state.errorUpdatedAt, Date.now())
  const query = useQuery({
    queryKey: ['latch', 'balance', config.apiUrl, address, chainId],
    queryFn:
      address && chainId
        ? async ({ signal }) => {
            try {
              return await getBalance(config, { address, chainId, signal })
            } catch (error) {
              // A cancelled request (account or chain changed) is not a failure to report.
              if (!signal.aborted)
                config.toasts.show({
                  variant: 'error',
                  message: t('error.tokenBalanceUnavailable'),
                })
              throw error
            }
          }
        : skipToken,
    retry: false,
    // Spec section 9: native balance cached 30 s.
    staleTime: 30_000,
    gcTime: 5 * 60_000,
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
