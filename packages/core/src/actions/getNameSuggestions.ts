import { type NameSuggestionsResponse, nameSuggestionsResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { NameSuggestionsUnavailableError } from '../errors/accountName.ts'
import { requestApi } from '../utils/requestApi.ts'

export type GetNameSuggestionsParameters = {
  /** What the person typed: a label (`alice`) or a full name (`alice.latch.id`). */
  name: string
  /** Also list taken names (`registered: true`), so the typed name's own state is known. */
  includeRegistered?: boolean | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

/** Full names (`alice1.latch.id`): the typed one first when valid, then variations. */
export type GetNameSuggestionsReturnType = NameSuggestionsResponse['suggestions']

export type GetNameSuggestionsErrorType = NameSuggestionsUnavailableError

/** Names to offer for what the person typed (`GET /v1/profile/suggestions/{name}`). */
export async function getNameSuggestions(
  config: LatchConfig,
  parameters: GetNameSuggestionsParameters,
): Promise<GetNameSuggestionsReturnType> {
  const { suggestions } = await requestApi(config, {
    path: `/v1/profile/suggestions/${encodeURIComponent(parameters.name)}`,
    query: { includeRegistered: parameters.includeRegistered ? 'true' : undefined },
    signal: parameters.signal,
    schema: nameSuggestionsResponseSchema,
    toError: (failure) => new NameSuggestionsUnavailableError(failure),
  })
  return suggestions
}
