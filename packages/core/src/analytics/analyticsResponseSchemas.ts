import type { AnalyticsConfigResponse, AnalyticsResponse } from '@latch/api-contract'
import type { ApiResponseSchema } from '../utils/parseApiResponse.ts'

/**
 * The two analytics answers, checked by hand against the contract's types: the analytics chunk
 * loads before any click, and zod (the contract's schemas) must not come with it.
 */
export const analyticsConfigSchema: ApiResponseSchema<AnalyticsConfigResponse> = {
  safeParse: (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { isAnalyticsEnabled?: unknown }).isAnalyticsEnabled === 'boolean'
      ? { success: true, data: value as AnalyticsConfigResponse }
      : issue('isAnalyticsEnabled', 'Expected a boolean.'),
}

export const analyticsAcceptedSchema: ApiResponseSchema<AnalyticsResponse> = {
  safeParse: (value) => {
    const accepted = (value as { accepted?: unknown } | null)?.accepted
    return typeof accepted === 'number' && Number.isInteger(accepted) && accepted >= 0
      ? { success: true, data: value as AnalyticsResponse }
      : issue('accepted', 'Expected a whole number.')
  },
}

function issue(field: string, message: string) {
  return { success: false as const, error: { issues: [{ path: [field], message }] } }
}
