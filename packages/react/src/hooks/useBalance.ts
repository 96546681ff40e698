import { getBalance } from '@latch/core'
import { skipToken, useQuery } from '@tanstack/react-query'
import { useConfig } from './useConfig.ts'

export type UseBalanceParameters = {
  address: string | undefined
  chainId: number | undefined
}

/** Retry after 1 s, 2 s, 4 s... capped at 30 s (spec: a failed balance retries after 30 s). */
export function balanceRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000)
}

/** The account's native balance from the Latch API, cached 5 minutes after last use. */
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
    gcTime: 5 * 60_000,
    staleTime: 15_000,
  })
}
