import { and, desc, eq, gte, type SQL, sql } from 'drizzle-orm'
import type { LatchDb } from '../db/createDatabase.ts'
import { analyticsEvents } from '../db/schema/index.ts'
import type { AnalyticsStore } from './analyticsStore.ts'

/** An `AnalyticsStore` over the `analytics_events` table. */
export function createDbAnalyticsStore({ db }: { db: LatchDb }): AnalyticsStore {
  return {
    async insert(records) {
      if (records.length === 0) return
      await db.insert(analyticsEvents).values(
        records.map((record) => ({
          projectId: record.projectId,
          event: record.event,
          properties: { ...record.properties },
          address: record.address,
          sdkType: record.sdkType,
          sdkVersion: record.sdkVersion,
          occurredAt: record.occurredAt,
        })),
      )
    },
    async summarize({ since, projectId } = {}) {
      const day = sql<string>`to_char(${analyticsEvents.occurredAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
      const filters: SQL[] = []
      if (since) filters.push(gte(analyticsEvents.occurredAt, since))
      if (projectId !== undefined) filters.push(eq(analyticsEvents.projectId, projectId))
      const rows = await db
        .select({ day, event: analyticsEvents.event, count: sql<number>`count(*)::int` })
        .from(analyticsEvents)
        .where(filters.length > 0 ? and(...filters) : undefined)
        .groupBy(day, analyticsEvents.event)
        .orderBy(desc(day), analyticsEvents.event)
      return rows.map((row) => ({ day: row.day, event: row.event, count: Number(row.count) }))
    },
  }
}
