import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Mirrors `migrations/0013_embedded_wallet.sql`: the embedded wallet's users, by email. */
export const embeddedUsers = pgTable('embedded_users', {
  id: text('id').primaryKey(),
  /** Null for a social account that shared no email (0014). */
  email: text('email').unique(),
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
    /** 'email' or the provider the session signed in with (0014). */
    method: text('method').notNull().default('email'),
    identitySubject: text('identity_subject'),
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

/** Mirrors `migrations/0014_social_sign_in.sql`: a user's social identities, by subject. */
export const embeddedIdentities = pgTable(
  'embedded_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    username: text('username'),
    email: text('email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('embedded_identities_user_idx').on(table.userId),
  ],
)

/** Mirrors `migrations/0014_social_sign_in.sql`: started social and Farcaster sign-ins. */
export const embeddedSocialFlows = pgTable(
  'embedded_social_flows',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    projectId: text('project_id').notNull(),
    deviceId: text('device_id').notNull(),
    flowSecretHash: text('flow_secret_hash').notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    channelToken: text('channel_token'),
    appOrigin: text('app_origin'),
    returnUrl: text('return_url'),
    mode: text('mode'),
    linkUserId: text('link_user_id').references(() => embeddedUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('embedded_social_flows_expires_at_idx').on(table.expiresAt),
    index('embedded_social_flows_device_idx').on(table.deviceId, table.createdAt),
  ],
)
