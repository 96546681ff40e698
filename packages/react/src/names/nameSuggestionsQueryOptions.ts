import { ensCacheMs, getAccountNames, getNameSuggestions, type LatchConfig } from '@latch/core'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { accountGcTime } from '../account/accountQueryTimings.ts'

export function nameSuggestionsQueryKey(config: LatchConfig, label: string | undefined) {
  return ['latch', 'nameSuggestions', config.apiUrl, label?.toLowerCase()] as const
}

/**
 * Suggestions for a label, taken ones included (so the label's own availability is known).
 * Skipped for no label; fresh for 10 s, as names are taken all the time.
 */
export function nameSuggestionsQueryOptions(config: LatchConfig, label: string | undefined) {
  return queryOptions({
    queryKey: nameSuggestionsQueryKey(config, label),
    queryFn: label
      ? ({ signal }) => getNameSuggestions(config, { name: label, includeRegistered: true, signal })
      : skipToken,
    staleTime: 10_000,
    gcTime: accountGcTime,
    retry: 1,
  })
}

export function accountNamesQueryKey(config: LatchConfig, address: string | undefined) {
  return ['latch', 'accountNames', config.apiUrl, address?.toLowerCase()] as const
}

/** The names registered to an address, newest first. */
export function accountNamesQueryOptions(config: LatchConfig, address: string | undefined) {
  return queryOptions({
    queryKey: accountNamesQueryKey(config, address),
    queryFn: address ? ({ signal }) => getAccountNames(config, { address, signal }) : skipToken,
    // Spec section 9: ENS (names) cached 5 min.
    staleTime: ensCacheMs,
    gcTime: accountGcTime,
  })
}
