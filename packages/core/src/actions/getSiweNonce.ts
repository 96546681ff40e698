import { nonceResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { SignInFailedError } from '../errors/signIn.ts'
import { requestApi } from '../utils/requestApi.ts'

export type GetSiweNonceParameters = {
  /** Aborts the request. */
  signal?: unknown
}

/** A one-time nonce for the sign-in message's `Nonce:` line (valid 10 minutes). */
export type GetSiweNonceReturnType = string

export type GetSiweNonceErrorType = SignInFailedError

/** Asks the Latch API for a sign-in nonce (`POST /v1/auth/nonce`). */
export async function getSiweNonce(
  config: LatchConfig,
  parameters: GetSiweNonceParameters = {},
): Promise<GetSiweNonceReturnType> {
  const { nonce } = await requestApi(config, {
    path: '/v1/auth/nonce',
    body: {},
    signal: parameters.signal,
    schema: nonceResponseSchema,
    toError: (failure) => new SignInFailedError(failure),
  })
  return nonce
}
