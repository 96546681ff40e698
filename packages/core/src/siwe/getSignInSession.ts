import type { SignInSession } from '@latch/api-contract'
import { type GetSessionsErrorType, getSessions } from '../actions/getSessions.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { SessionExpiredError } from '../errors/session.ts'

export type GetSignInSessionParameters = {
  address: string
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
  /** Default the current time. */
  now?: number | undefined
}

/** The active session this browser holds for `address`, or undefined: sign-in needed. */
export type GetSignInSessionReturnType = SignInSession | undefined

export type GetSignInSessionErrorType = GetSessionsErrorType | SessionExpiredError

/**
 * Whether this browser is signed in as `address`: the session kept in storage, if any and not
 * expired, must still be among the address's active sessions at the API (it may have been
 * revoked elsewhere). A session the API no longer lists is forgotten. A kept session that has
 * expired is forgotten too, with a `SessionExpiredError` (spec alert "Session Expired"), so the
 * person learns why they must sign in again.
 */
export async function getSignInSession(
  config: LatchConfig,
  parameters: GetSignInSessionParameters,
): Promise<GetSignInSessionReturnType> {
  const { address } = parameters
  const stored = config.storage.getSignInSession(address)
  if (!stored) return undefined
  const now = parameters.now ?? Date.now()
  if (stored.expiresAt && !(Date.parse(stored.expiresAt) > now)) {
    config.storage.removeSignInSession(address)
    throw new SessionExpiredError({
      details: `The sign-in session of ${address} expired at ${stored.expiresAt}.`,
    })
  }
  const sessions = await getSessions(config, { address, signal: parameters.signal })
  const session = sessions.find((entry) => entry.id === stored.id)
  if (!session) config.storage.removeSignInSession(address)
  return session
}
