import { asc, desc, eq, sql } from 'drizzle-orm'
import type { LatchDb } from '../db/LatchDb.ts'
import { sdkUsage } from '../db/schema/index.ts'
import type { SdkUsageRow, SdkUsageStore } from './sdkUsageStore.ts'

/** Rows one statement upserts at most (5 parameters each). */
const maxRowsPerStatement = 1000

/** An `SdkUsageStore` over `sdk_usage`, on PGlite and PostgreSQL alike. */
export function createDbSdkUsageStore({ db }: { db: LatchDb }): SdkUsageStore {
  return {
    async add(rows) {
      // One lock order for every process: two batches never wait on each other in a cycle.
      const sorted = [...rows].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
      for (let start = 0; start < sorted.length; start += maxRowsPerStatement)
        await db
          .insert(sdkUsage)
          .values(sorted.slice(start, start + maxRowsPerStatement))
          .onConflictDoUpdate({
            target: [sdkUsage.projectId, sdkUsage.day, sdkUsage.sdkType, sdkUsage.sdkVersion],
            set: { count: sql`${sdkUsage.count} + excluded.count` },
          })
    },
    async list({ projectId, limit = 1000 } = {}) {
      const query = db
        .select()
        .from(sdkUsage)
        .where(projectId === undefined ? undefined : eq(sdkUsage.projectId, projectId))
        .orderBy(
          desc(sdkUsage.day),
          asc(sdkUsage.projectId),
          desc(sdkUsage.count),
          asc(sdkUsage.sdkType),
          asc(sdkUsage.sdkVersion),
        )
        .limit(limit)
      return (await query).map((row) => ({ ...row, count: Number(row.count) }))
    },
  }
}

function keyOf(row: SdkUsageRow): string {
  return `${row.projectId}\u0000${row.day}\u0000${row.sdkType}\u0000${row.sdkVersion}`
}
