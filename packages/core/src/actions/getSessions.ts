import { type SignInSession, sessionsResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { SessionsUnavailableError } from '../errors/signIn.ts'
import { requestApi } from '../utils/requestApi.ts'

export type GetSessionsParameters = {
  /** An EVM address, or the CAIP-10 account of a Solana or Bitcoin one (`getSignInAccount`). */
  address: string
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

/** The address's active sign-in sessions (not revoked, not expired), newest first. */
export type GetSessionsReturnType = SignInSession[]

export type GetSessionsErrorType = SessionsUnavailableError

/** Lists an account's sign-in sessions for this project (`GET /v1/sessions/{address}`). */
export async function getSessions(
  config: LatchConfig,
  parameters: GetSessionsParameters,
): Promise<GetSessionsReturnType> {
  const { sessions } = await requestApi(config, {
    path: `/v1/sessions/${encodeURIComponent(parameters.address)}`,
    signal: parameters.signal,
    schema: sessionsResponseSchema,
    toError: (failure) => new SessionsUnavailableError(failure),
  })
  return sessions
}
