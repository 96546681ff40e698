import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi } from '../utils/requestApi.ts'
import { analyticsConfigSchema } from './analyticsResponseSchemas.ts'
import { type AnalyticsErrorType, toAnalyticsError } from './toAnalyticsError.ts'

export type GetAnalyticsConfigParameters = { signal?: unknown }
export type GetAnalyticsConfigReturnType = { isAnalyticsEnabled: boolean }
export type GetAnalyticsConfigErrorType = AnalyticsErrorType

/** `GET /getAnalyticsConfig` (spec section 7): whether the API collects this project's events. */
export function getAnalyticsConfig(
  config: LatchConfig,
  { signal }: GetAnalyticsConfigParameters = {},
): Promise<GetAnalyticsConfigReturnType> {
  return requestApi(config, {
    path: '/getAnalyticsConfig',
    signal,
    schema: analyticsConfigSchema,
    toError: toAnalyticsError,
  })
}
