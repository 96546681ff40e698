import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Mirrors `migrations/0011_analytics.sql`: analytics events (no IP; address only if kept). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    event: text('event').notNull(),
    properties: jsonb('properties')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    address: text('address'),
    sdkType: text('sdk_type'),
    sdkVersion: text('sdk_version'),
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (table) => [
    index('analytics_events_occurred_at_idx').on(table.occurredAt, table.event),
    index('analytics_events_project_idx').on(table.projectId, table.occurredAt),
  ],
)
