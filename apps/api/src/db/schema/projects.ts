import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Mirrors `migrations/0001_projects.sql`. */
export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull().default([]),
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})
