import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** Mirrors `migrations/0003_indexer.sql` (0009's genesis, 0016-0018's keys and indexes): addresses and hashes lowercase. */
export const indexerCheckpoints = pgTable('indexer_checkpoints', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  startBlock: bigint('start_block', { mode: 'number' }).notNull(),
  /** Block 0's hash when the checkpoint was written; null until the indexer has read it. */
  genesisHash: text('genesis_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

export const indexerBlocks = pgTable(
  'indexer_blocks',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
)

export const indexerTransactions = pgTable(
  'indexer_transactions',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    blockTimestamp: bigint('block_timestamp', { mode: 'number' }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address'),
    createdContract: text('created_contract'),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    methodId: text('method_id'),
    status: text('status', { enum: ['confirmed', 'failed'] }).notNull(),
  },
  // Migration 0018: keyed by chain, block and index (the key serves deletes by block too).
  (table) => [primaryKey({ columns: [table.chainId, table.blockNumber, table.txIndex] })],
)

export const indexerTransfers = pgTable(
  'indexer_transfers',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    kind: text('kind', { enum: ['native', 'erc20', 'erc721'] }).notNull(),
    contract: text('contract').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    tokenId: text('token_id'),
  },
  (table) => [
    // Migration 0018: keyed by chain, block, index and log (-1 for the native value).
    primaryKey({
      columns: [table.chainId, table.blockNumber, table.txIndex, table.logIndex],
    }),
    index('indexer_transfers_contract_idx').on(table.chainId, table.contract),
  ],
)

export const indexerAccountTransactions = pgTable(
  'indexer_account_transactions',
  {
    account: text('account').notNull(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    blockTimestamp: bigint('block_timestamp', { mode: 'number' }).notNull(),
  },
  // Migration 0017: the page order is the key (one transaction per block and index).
  (table) => [
    uniqueIndex('indexer_account_transactions_page_key').on(
      table.account,
      table.blockTimestamp.desc(),
      table.chainId.desc(),
      table.blockNumber.desc(),
      table.txIndex.desc(),
    ),
  ],
)

export const indexerTokens = pgTable(
  'indexer_tokens',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    kind: text('kind', { enum: ['erc20', 'erc721'] }).notNull(),
    name: text('name'),
    symbol: text('symbol'),
    decimals: integer('decimals'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
)

export const nftMetadata = pgTable(
  'nft_metadata',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    contract: text('contract').notNull(),
    tokenId: text('token_id').notNull(),
    status: text('status', { enum: ['ok', 'failed'] }).notNull(),
    tokenUri: text('token_uri'),
    name: text('name'),
    description: text('description'),
    imageUrl: text('image_url'),
    error: text('error'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.contract, table.tokenId] })],
)
