import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Mirrors `migrations/0005_sessions.sql`: nonces handed out for sign-in messages. */
export const signInNonces = pgTable(
  'sign_in_nonces',
  {
    nonce: text('nonce').primaryKey(),
    projectId: text('project_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('sign_in_nonces_expires_at_idx').on(table.expiresAt)],
)

/** Mirrors `migrations/0005_sessions.sql`: sessions created by signing in with a wallet. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    address: text('address').notNull(),
    /** The EIP-155 chain id; null for Solana and Bitcoin sessions (0015_siwx_sessions.sql). */
    chainId: integer('chain_id'),
    /** CAIP-2 (`eip155:1`, `solana:...`, `bip122:...`). */
    caipNetworkId: text('caip_network_id').notNull(),
    domain: text('domain').notNull(),
    uri: text('uri').notNull(),
    nonce: text('nonce').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sessions_project_nonce_idx').on(table.projectId, table.nonce),
    index('sessions_project_address_idx').on(table.projectId, table.address, table.createdAt),
  ],
)
