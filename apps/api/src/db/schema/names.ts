import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Mirrors `migrations/0004_names.sql`: names and addresses in lower case. */
export const names = pgTable(
  'names',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    address: text('address').notNull(),
    coinType: bigint('coin_type', { mode: 'number' }).notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** `migrations/0006_*.sql`: null resolves on every EVM chain (an EOA's name). */
    chainIds: integer('chain_ids').array(),
    /** `migrations/0006_*.sql`: the look-alike skeleton (`getNameSkeleton`). */
    skeleton: text('skeleton'),
    /** `migrations/0012_*.sql`: the last signed attributes update (null: none yet). */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
    /** The signed update's timestamp (Unix seconds): a later update must be newer. */
    attributesTimestamp: bigint('attributes_timestamp', { mode: 'number' }),
    attributesMessage: text('attributes_message'),
    attributesSignature: text('attributes_signature'),
  },
  (table) => [
    index('names_address_idx').on(table.address, table.id.desc()),
    index('names_skeleton_idx').on(table.skeleton),
  ],
)
