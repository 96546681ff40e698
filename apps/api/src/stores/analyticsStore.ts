/** One analytics event as stored: no IP ever; `address` only when the operator keeps them. */
export type AnalyticsRecord = {
  projectId: string
  event: string
  properties: Readonly<Record<string, string | number | boolean | null>>
  address: string | null
  sdkType: string | null
  sdkVersion: string | null
  occurredAt: Date
}

/** One line of the summary: how many times `event` happened on `day` (UTC, `YYYY-MM-DD`). */
export type AnalyticsSummaryRow = { day: string; event: string; count: number }

export type AnalyticsSummaryParameters = {
  /** Only events at or after this time. */
  since?: Date | undefined
  /** Only this project's events. */
  projectId?: string | undefined
}

/** Where analytics events are kept (`createDbAnalyticsStore`). */
export type AnalyticsStore = {
  insert(records: readonly AnalyticsRecord[]): Promise<void>
  /** Counts per event per day, newest day first, then by event name. */
  summarize(parameters?: AnalyticsSummaryParameters): Promise<AnalyticsSummaryRow[]>
}
