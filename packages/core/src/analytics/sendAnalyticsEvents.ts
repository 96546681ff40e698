import type { AnalyticsEvent } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi } from '../utils/requestApi.ts'
import { analyticsAcceptedSchema } from './analyticsResponseSchemas.ts'
import { type AnalyticsErrorType, toAnalyticsError } from './toAnalyticsError.ts'

export type SendAnalyticsEventsParameters = { events: readonly AnalyticsEvent[] }
export type SendAnalyticsEventsReturnType = { accepted: number }
export type SendAnalyticsEventsErrorType = AnalyticsErrorType

/** `POST /e` (spec section 7): one batch of events (at most 25). */
export function sendAnalyticsEvents(
  config: LatchConfig,
  { events }: SendAnalyticsEventsParameters,
): Promise<SendAnalyticsEventsReturnType> {
  return requestApi(config, {
    path: '/e',
    body: { events },
    schema: analyticsAcceptedSchema,
    toError: toAnalyticsError,
  })
}
