import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'

/** Mirrors `migrations/0010_sdk_usage.sql`: requests per project, UTC day and SDK. */
export const sdkUsage = pgTable(
  'sdk_usage',
  {
    projectId: text('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sdkType: text('sdk_type').notNull(),
    sdkVersion: text('sdk_version').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.day, table.sdkType, table.sdkVersion] }),
  ],
)
