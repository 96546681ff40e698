import { getSessions, getSignInSession, type LatchConfig, SessionExpiredError } from '@latch/core'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { accountGcTime, accountRetryDelay } from '../account/accountQueryTimings.ts'

export function signInQueryKey(config: LatchConfig, address: string | undefined) {
  return ['latch', 'signIn', config.apiUrl, address?.toLowerCase()] as const
}

/**
 * Whether this browser is signed in as `address`: its session, or null when it must sign in.
 * Always checked again when a view needs it (a session can be revoked from anywhere).
 */
export function signInQueryOptions(config: LatchConfig, address: string | undefined) {
  return queryOptions({
    queryKey: signInQueryKey(config, address),
    queryFn: address
      ? async ({ signal }) => (await getSignInSession(config, { address, signal })) ?? null
      : skipToken,
    staleTime: 0,
    gcTime: accountGcTime,
    // An expired session is final (and already forgotten): a retry would hide why.
    retry: (failures, error) => !(error instanceof SessionExpiredError) && failures < 2,
    retryDelay: accountRetryDelay,
  })
}

export function sessionsQueryKey(config: LatchConfig, address: string | undefined) {
  return ['latch', 'sessions', config.apiUrl, address?.toLowerCase()] as const
}

/** The address's active sign-in sessions, newest first. */
export function sessionsQueryOptions(config: LatchConfig, address: string | undefined) {
  return queryOptions({
    queryKey: sessionsQueryKey(config, address),
    queryFn: address ? ({ signal }) => getSessions(config, { address, signal }) : skipToken,
    gcTime: accountGcTime,
    retry: 2,
    retryDelay: accountRetryDelay,
  })
}
