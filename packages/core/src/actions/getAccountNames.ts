import { type NameProfile, reverseNamesResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { AccountNamesUnavailableError } from '../errors/accountName.ts'
import { requestApi } from '../utils/requestApi.ts'

export type GetAccountNamesParameters = {
  address: string
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

/** The address's names, newest first; empty when it has none. */
export type GetAccountNamesReturnType = NameProfile[]

export type GetAccountNamesErrorType = AccountNamesUnavailableError

/** The names registered to an address (`GET /v1/profile/reverse/{address}`). */
export async function getAccountNames(
  config: LatchConfig,
  parameters: GetAccountNamesParameters,
): Promise<GetAccountNamesReturnType> {
  return requestApi(config, {
    path: `/v1/profile/reverse/${encodeURIComponent(parameters.address)}`,
    signal: parameters.signal,
    schema: reverseNamesResponseSchema,
    toError: (failure) => new AccountNamesUnavailableError(failure),
  })
}
