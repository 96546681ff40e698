import type { LatchConfig } from '../createLatchConfig.ts'
import { SignInFailedError } from '../errors/signIn.ts'
import { isObject, requestApi } from '../utils/requestApi.ts'

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
  const body = await requestApi(config, {
    path: '/v1/auth/nonce',
    body: {},
    signal: parameters.signal,
    toError: (failure) => new SignInFailedError(failure),
  })
  if (!isObject(body) || typeof body.nonce !== 'string' || !body.nonce)
    throw new SignInFailedError({ details: 'The API answered without a nonce.' })
  return body.nonce
}
