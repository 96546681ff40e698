import { getBalance, nativeBalanceCacheMs, queryGcTimeMs, queryRetryDelay } from '@latch/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import { useConfig } from './useConfig.ts'

export type UseBalanceParameters = {
  address: string | undefined
  chainId: number | undefined
}

/** Retry after 1 s, 2 s, 4 s... capped at 30 s (spec section 9's query retry delay). */
export const balanceRetryDelay = queryRetryDelay

/** The account's native balance from the Latch API: fresh 30 s, kept 5 minutes after last use. */
export function useBalance(parameters: UseBalanceParameters) {
  const config = useConfig()
  const { address, chainId } = parameters
  return useQuery({
    queryKey: ['latch', 'balance', config.apiUrl, address, chainId],
    queryFn:
      address && chainId
        ? ({ signal }) => getBalance(config, { address, chainId, signal })
        : skipToken,
    // An unconfigured chain will not start working on a retry.
    retry: (failureCount, error) => error.name !== 'ChainNotConfiguredError' && failureCount < 3,
    retryDelay: balanceRetryDelay,
    gcTime: queryGcTimeMs,
    staleTime: nativeBalanceCacheMs,
  })
}
