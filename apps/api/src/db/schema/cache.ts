import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Mirrors `migrations/0002_cache.sql`. */
export const cacheEntries = pgTable(
  'cache_entries',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('cache_entries_expires_at_idx').on(table.expiresAt)],
)
