import { getIdentity, identityCacheMs, type LatchConfig } from '@latch/core'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { accountGcTime, accountRetryDelay } from './accountQueryTimings.ts'

export function identityQueryKey(config: LatchConfig, address: string | undefined) {
  return ['latch', 'identity', config.apiUrl, address] as const
}

/** The address's name and avatar, cached 5 minutes (spec section 9: identity 5 min). */
export function identityQueryOptions(config: LatchConfig, address: string | undefined) {
  return queryOptions({
    queryKey: identityQueryKey(config, address),
    queryFn: address ? ({ signal }) => getIdentity(config, { address, signal }) : skipToken,
    staleTime: identityCacheMs,
    gcTime: accountGcTime,
    retry: 2,
    retryDelay: accountRetryDelay,
  })
}
