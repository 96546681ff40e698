import { getNfts, type LatchConfig } from '@latch/core'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { accountGcTime, accountRefetchInterval, accountRetryDelay } from './accountQueryTimings.ts'

export type NftsQueryParameters = {
  address: string | undefined
  chainId: number | undefined
}

export function nftsQueryKey(config: LatchConfig, parameters: NftsQueryParameters) {
  return ['latch', 'nfts', config.apiUrl, parameters.address, parameters.chainId] as const
}

/** The NFTs the account owns on its chain, refetched on an interval while shown. */
export function nftsQueryOptions(config: LatchConfig, parameters: NftsQueryParameters) {
  const { address, chainId } = parameters
  return queryOptions({
    queryKey: nftsQueryKey(config, parameters),
    queryFn: address ? ({ signal }) => getNfts(config, { address, chainId, signal }) : skipToken,
    retry: 3,
    retryDelay: accountRetryDelay,
    gcTime: accountGcTime,
    refetchInterval: accountRefetchInterval,
  })
}
