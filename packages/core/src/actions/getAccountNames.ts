import type { NameProfile } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { AccountNamesUnavailableError } from '../errors/accountName.ts'
import { isObject, requestApi } from '../utils/requestApi.ts'

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
  const body = await requestApi(config, {
    path: `/v1/profile/reverse/${encodeURIComponent(parameters.address)}`,
    signal: parameters.signal,
    toError: (failure) => new AccountNamesUnavailableError(failure),
  })
  if (!Array.isArray(body))
    throw new AccountNamesUnavailableError({ details: 'The API answered without names.' })
  return body.map(readNameProfile).filter((profile) => profile !== undefined)
}

/** A name from an API answer, checked by hand (zod stays out of the page's chunks). */
export function readNameProfile(value: unknown): NameProfile | undefined {
  if (!isObject(value) || typeof value.name !== 'string' || !value.name) return undefined
  const addresses: NameProfile['addresses'] = {}
  if (isObject(value.addresses))
    for (const [coinType, entry] of Object.entries(value.addresses))
      if (isObject(entry) && typeof entry.address === 'string')
        addresses[coinType] = { address: entry.address }
  const attributes: NameProfile['attributes'] = {}
  if (isObject(value.attributes))
    for (const [key, entry] of Object.entries(value.attributes))
      if (typeof entry === 'string') attributes[key] = entry
  return {
    name: value.name,
    addresses,
    attributes,
    created_at: typeof value.created_at === 'string' ? value.created_at : '',
  }
}
