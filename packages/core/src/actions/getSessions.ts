import type { SignInSession } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { SessionsUnavailableError } from '../errors/signIn.ts'
import { readSignInSession } from '../siwe/readSignInSession.ts'
import { isObject, requestApi } from '../utils/requestApi.ts'

export type GetSessionsParameters = {
  address: string
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

/** The address's active sign-in sessions (not revoked, not expired), newest first. */
export type GetSessionsReturnType = SignInSession[]

export type GetSessionsErrorType = SessionsUnavailableError

/** Lists an address's sign-in sessions for this project (`GET /v1/sessions/{address}`). */
export async function getSessions(
  config: LatchConfig,
  parameters: GetSessionsParameters,
): Promise<GetSessionsReturnType> {
  const body = await requestApi(config, {
    path: `/v1/sessions/${encodeURIComponent(parameters.address)}`,
    signal: parameters.signal,
    toError: (failure) => new SessionsUnavailableError(failure),
  })
  if (!isObject(body) || !Array.isArray(body.sessions))
    throw new SessionsUnavailableError({ details: 'The API answered without sessions.' })
  return body.sessions.map(readSignInSession).filter((session) => session !== undefined)
}
