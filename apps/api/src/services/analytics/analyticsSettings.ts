/** The operator's analytics switches (LATCH_ANALYTICS, LATCH_ANALYTICS_KEEP_ADDRESS). */
export type AnalyticsSettings = {
  /** Collect events for projects whose `analytics` feature is unset (default false). */
  enabled: boolean
  /** Store the event's account address (default false: never stored). */
  keepAddress: boolean
}

/** Off, and no address: what the API does unless the operator says otherwise. */
export const defaultAnalyticsSettings: AnalyticsSettings = { enabled: false, keepAddress: false }
