/** Requests of one SDK (type and version) for one project on one UTC day. */
export type SdkUsageRow = {
  projectId: string
  /** `YYYY-MM-DD`, UTC. */
  day: string
  sdkType: string
  sdkVersion: string
  count: number
}

/** The `sdk_usage` table: counts added by every API process, read by `npm run projects`. */
export type SdkUsageStore = {
  /** Adds each row's count to its (project, day, type, version) total, in one round trip. */
  add(rows: readonly SdkUsageRow[]): Promise<void>
  /** The totals, newest day first; only `projectId`'s when given. */
  list(parameters?: {
    projectId?: string | undefined
    limit?: number | undefined
  }): Promise<SdkUsageRow[]>
}
