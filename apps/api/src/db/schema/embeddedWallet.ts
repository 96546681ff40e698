import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Mirrors `migrations/0013_embedded_wallet.sql`: the embedded wallet's users, by email. */
export const embeddedUsers = pgTable('embedded_users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
})

/** Mirrors `migrations/0013_embedded_wallet.sql`: the devices (frames) of a user. */
export const embeddedDevices = pgTable(
  'embedded_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    approvedAt: timestamptz('approved_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceId] })],
)

/** Mirrors `migrations/0013_embedded_wallet.sql`: one-time codes and device links, hashed. */
export const embeddedCodes = pgTable(
  'embedded_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    flowId: text('flow_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('embedded_codes_email_purpose_idx').on(table.email, table.purpose, table.createdAt),
    index('embedded_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    index('embedded_codes_hash_idx').on(table.codeHash),
    index('embedded_codes_expires_at_idx').on(table.expiresAt),
  ],
)

/** Mirrors `migrations/0013_embedded_wallet.sql`: when the last email went to an address. */
export const embeddedEmailCooldowns = pgTable('embedded_email_cooldowns', {
  key: text('key').primaryKey(),
  lastSentAt: timestamptz('last_sent_at').notNull(),
})

/** Mirrors `migrations/0013_embedded_wallet.sql`: the frame's bearer sessions (token hashed). */
export const embeddedSessions = pgTable(
  'embedded_sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    projectId: text('project_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('embedded_sessions_user_idx').on(table.userId, table.createdAt)],
)

/** Mirrors `migrations/0013_embedded_wallet.sql`: a user's wallet and its stored shares. */
export const embeddedWallets = pgTable('embedded_wallets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  authShareEncrypted: text('auth_share_encrypted').notNull(),
  sealedRecoveryShare: text('sealed_recovery_share').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
})
