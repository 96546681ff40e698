import {
  type CaipNetworkId,
  type GetHistoryReturnType,
  getHistory,
  type LatchConfig,
} from '@latch/core'
import { infiniteQueryOptions, skipToken } from '@tanstack/react-query'
import { accountGcTime, accountRefetchInterval, accountRetryDelay } from './accountQueryTimings.ts'

export type HistoryQueryParameters = {
  address: string | undefined
  chainId: number | undefined
  /** A Solana or Bitcoin network (CAIP-2): its activity instead of `chainId`'s. */
  caipNetworkId?: CaipNetworkId | undefined
}

export function historyQueryKey(config: LatchConfig, parameters: HistoryQueryParameters) {
  const network = parameters.caipNetworkId ?? parameters.chainId
  return ['latch', 'history', config.apiUrl, parameters.address, network] as const
}

/**
 * The account's transactions on its chain, newest first, page by page through the API's
 * cursor; refetched on an interval so new activity appears while the list is shown.
 */
export function historyQueryOptions(config: LatchConfig, parameters: HistoryQueryParameters) {
  const { address, chainId, caipNetworkId } = parameters
  return infiniteQueryOptions({
    queryKey: historyQueryKey(config, parameters),
    queryFn: address
      ? ({ pageParam, signal }) =>
          getHistory(config, { address, chainId, caipNetworkId, cursor: pageParam, signal })
      : skipToken,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: GetHistoryReturnType) => last.next ?? undefined,
    retry: 3,
    retryDelay: accountRetryDelay,
    gcTime: accountGcTime,
    refetchInterval: accountRefetchInterval,
  })
}
