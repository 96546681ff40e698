import { type OnrampOptionsResponse, onrampOptionsResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi } from '../utils/requestApi.ts'
import { OnrampOptionsUnavailableError } from './onrampErrors.ts'

export type GetOnrampOptionsParameters = {
  /** Aborts the request. */
  signal?: unknown
}

export type GetOnrampOptionsReturnType = OnrampOptionsResponse

export type GetOnrampOptionsErrorType = OnrampOptionsUnavailableError

/**
 * What can be bought and how (`GET /v1/onramp/options`): the purchase currencies with their
 * networks, the fiat currencies with each payment method's limits, and the providers. The API
 * answers its built-in list (`fallback: true`) when no provider does.
 */
export async function getOnrampOptions(
  config: Pick<LatchConfig, 'apiUrl' | 'projectId' | 'fetch' | 'scheduler'>,
  parameters: GetOnrampOptionsParameters = {},
): Promise<GetOnrampOptionsReturnType> {
  return requestApi(config, {
    path: '/v1/onramp/options',
    signal: parameters.signal,
    schema: onrampOptionsResponseSchema,
    toError: (failure) => new OnrampOptionsUnavailableError(failure),
  })
}
