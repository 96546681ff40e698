import { type IdentityResponse, identityResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { IdentityUnavailableError } from '../errors/account.ts'
import { requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'

export type GetIdentityParameters = {
  address: string
  /** The address asking (spec section 7: sender); default the looked-up address. */
  sender?: string | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetIdentityReturnType = IdentityResponse

export type GetIdentityErrorType = IdentityUnavailableError

/**
 * An address's name and avatar from the Latch API (`GET /v1/identity/{address}`); each is null
 * when the address has none. The avatar is dropped unless it is an image URL a page may load.
 */
export async function getIdentity(
  config: LatchConfig,
  parameters: GetIdentityParameters,
): Promise<GetIdentityReturnType> {
  const body = await requestApi(config, {
    path: `/v1/identity/${encodeURIComponent(parameters.address)}`,
    query: { sender: parameters.sender ?? parameters.address },
    signal: parameters.signal,
    schema: identityResponseSchema,
    toError: (failure) => new IdentityUnavailableError(failure),
  })
  const name = body.name?.trim() || null
  return { name, avatar: resolveApiImageUrl(config.apiUrl, body.avatar) ?? null }
}
