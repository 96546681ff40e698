import type { Transaction as PGliteTransaction } from '@electric-sql/pglite'
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Hex } from 'viem'
import type { LatchDb, LatchTransaction } from '../db/createDatabase.ts'
import {
  indexerAccountTransactions,
  indexerBlocks,
  indexerCheckpoints,
  indexerTokens,
  indexerTransactions,
  indexerTransfers,
  nftMetadata,
} from '../db/schema/index.ts'
import { CheckpointMovedError } from '../errors/indexer.ts'
import type { BlockRangeData } from './fetchBlockRange.ts'
import { listAccountTransactions } from './listAccountTransactions.ts'

export type Checkpoint = {
  blockNumber: number
  blockHash: Hex
  startBlock: number
  /** Block 0's hash of the chain indexed; null until the indexer has read it. */
  genesisHash: Hex | null
}

export type TokenMetadata = {
  address: Hex
  kind: 'erc20' | 'erc721'
  name: string | null
  symbol: string | null
  decimals: number | null
}

/** What the indexer reads and writes; every write of one range is one transaction. */
export type IndexerStore = ReturnType<typeof createIndexerStore>

/**
 * The indexer's tables behind the few operations it needs: read the checkpoint and recent
 * blocks, write a block range (checking the checkpoint it started from), roll back to a block
 * after a reorg, or forget a chain after a reset.
 */
export function createIndexerStore(db: LatchDb, { chainId }: { chainId: number }) {
  return {
    async getCheckpoint(): Promise<Checkpoint | undefined> {
      const [row] = await db
        .select()
        .from(indexerCheckpoints)
        .where(eq(indexerCheckpoints.chainId, chainId))
      return row
        ? {
            blockNumber: row.blockNumber,
            blockHash: row.blockHash as Hex,
            startBlock: row.startBlock,
            genesisHash: (row.genesisHash as Hex | null) ?? null,
          }
        : undefined
    },

    /** The kept blocks, oldest first (the reorg check searches them for a common ancestor). */
    async listRecentBlocks(): Promise<{ number: number; hash: Hex }[]> {
      const rows = await db
        .select({ number: indexerBlocks.number, hash: indexerBlocks.hash })
        .from(indexerBlocks)
        .where(eq(indexerBlocks.chainId, chainId))
        .orderBy(indexerBlocks.number)
      return rows as { number: number; hash: Hex }[]
    },

    /**
     * Writes a range and moves the checkpoint to its last block, refusing (CheckpointMovedError)
     * when the checkpoint is no longer `expected`. Rows already present are left alone, so a
     * range written twice changes nothing. Blocks older than `keepBlocks` are pruned. A
     * checkpoint without a genesis hash takes `genesisHash`; a stored one is never replaced.
     */
    async writeBlockRange({
      expected,
      startBlock,
      data,
      keepBlocks,
      genesisHash = null,
    }: {
      expected: Checkpoint | undefined
      startBlock: number
      data: BlockRangeData
      keepBlocks: number
      genesisHash?: Hex | null | undefined
    }): Promise<Checkpoint> {
      const last = data.blocks.at(-1)
      if (!last) throw new Error('writeBlockRange needs at least one block.')
      const checkpoint: Checkpoint = {
        blockNumber: last.number,
        blockHash: last.hash,
        startBlock: expected?.startBlock ?? startBlock,
        genesisHash: expected?.genesisHash ?? genesisHash,
      }
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(indexerCheckpoints)
          .where(eq(indexerCheckpoints.chainId, chainId))
          .for('update')
        if (
          current?.blockNumber !== expected?.blockNumber ||
          current?.blockHash !== expected?.blockHash
        )
          throw new CheckpointMovedError({ chainId })

        // The range commits with its checkpoint or not at all, so a server crash can lose only
        // the last ranges committed, which are read again: no need to wait for the WAL flush.
        if (dialectOf(tx) === 'postgres') await tx.execute(sql`SET LOCAL synchronous_commit = off`)
        const tables = toTableRows(chainId, data)
        try {
          // Rows are new above the checkpoint: plain bulk inserts (COPY on PGlite), in a
          // savepoint so that rows already there (a range read again) fall back below.
          await tx.transaction(async (savepoint) => {
            for (const table of tables) await insertRows(savepoint, table, 'fresh')
          })
        } catch (error) {
          if (!isUniqueViolation(error)) throw error
          for (const table of tables) await insertRows(tx, table, 'keep-existing')
        }
        await tx
          .insert(indexerCheckpoints)
          .values({ chainId, ...checkpoint })
          .onConflictDoUpdate({
            target: indexerCheckpoints.chainId,
            set: {
              blockNumber: checkpoint.blockNumber,
              blockHash: checkpoint.blockHash,
              genesisHash: sql`COALESCE(${indexerCheckpoints.genesisHash}, ${checkpoint.genesisHash})`,
              updatedAt: new Date(),
            },
          })
        await tx
          .delete(indexerBlocks)
          .where(
            and(
              eq(indexerBlocks.chainId, chainId),
              lt(indexerBlocks.number, checkpoint.blockNumber - keepBlocks),
            ),
          )
      })
      return checkpoint
    },

    /**
     * Deletes everything above `block` (the common ancestor of a reorg) in one transaction,
     * with the token and NFT metadata of contracts no remaining transfer names: a contract
     * created in the dropped blocks may be another one, at the same address, on the new branch.
     */
    async rollback(block: { number: number; hash: Hex }): Promise<void> {
      await db.transaction(async (tx) => {
        // Before the transactions and transfers: they name every account a dropped block added
        // a history row for (`listAccountTransactions`). Each account's rows are read through
        // the page key (migration 0017) from the oldest dropped block's time on: a few rows per
        // account, however long its history.
        await tx.execute(sql`
          DELETE FROM indexer_account_transactions account_row
          WHERE account_row.chain_id = ${chainId} AND account_row.block_number > ${block.number}
            AND account_row.block_timestamp >= COALESCE((
              SELECT min(timestamp) FROM indexer_blocks
              WHERE chain_id = ${chainId} AND number > ${block.number}), 0)
            AND account_row.account IN (
              SELECT from_address FROM indexer_transactions
              WHERE chain_id = ${chainId} AND block_number > ${block.number}
              UNION
              SELECT from_address FROM indexer_transfers
              WHERE chain_id = ${chainId} AND block_number > ${block.number}
              UNION
              SELECT to_address FROM indexer_transfers
              WHERE chain_id = ${chainId} AND block_number > ${block.number})`)
        await tx
          .delete(indexerTransfers)
          .where(
            and(
              eq(indexerTransfers.chainId, chainId),
              gt(indexerTransfers.blockNumber, block.number),
            ),
          )
        await tx
          .delete(indexerTransactions)
          .where(
            and(
              eq(indexerTransactions.chainId, chainId),
              gt(indexerTransactions.blockNumber, block.number),
            ),
          )
        await tx
          .delete(indexerBlocks)
          .where(and(eq(indexerBlocks.chainId, chainId), gt(indexerBlocks.number, block.number)))
        await tx.execute(sql`
          DELETE FROM indexer_tokens token WHERE token.chain_id = ${chainId} AND NOT EXISTS (
            SELECT 1 FROM indexer_transfers transfer
            WHERE transfer.chain_id = token.chain_id AND transfer.contract = token.address)`)
        await tx.execute(sql`
          DELETE FROM nft_metadata nft WHERE nft.chain_id = ${chainId} AND NOT EXISTS (
            SELECT 1 FROM indexer_transfers transfer
            WHERE transfer.chain_id = nft.chain_id AND transfer.contract = nft.contract
              AND transfer.token_id = nft.token_id AND transfer.kind = 'erc721')`)
        await tx
          .update(indexerCheckpoints)
          .set({ blockNumber: block.number, blockHash: block.hash, updatedAt: new Date() })
          .where(eq(indexerCheckpoints.chainId, chainId))
      })
    },

    /**
     * Forgets the chain entirely, only after a proven new genesis (a devnet restarted; the
     * indexer checks the chain id first): indexing starts over, and cached token and NFT metadata go too, since
     * the same addresses may now hold other contracts.
     */
    async reset(): Promise<void> {
      await db.transaction(async (tx) => {
        for (const table of [
          indexerTransfers,
          indexerAccountTransactions,
          indexerTransactions,
          indexerBlocks,
          indexerTokens,
          nftMetadata,
          indexerCheckpoints,
        ])
          await tx.delete(table).where(eq(table.chainId, chainId))
      })
    },

    /** How many transfers the chain has in the index (for benchmarks and checks). */
    async countTransfers(): Promise<number> {
      const [row] = await db
        .select({ rows: count() })
        .from(indexerTransfers)
        .where(eq(indexerTransfers.chainId, chainId))
      return row?.rows ?? 0
    },

    /** The contracts among `addresses` whose metadata is already stored. */
    async listKnownTokens(addresses: readonly Hex[]): Promise<Set<Hex>> {
      if (addresses.length === 0) return new Set()
      const rows = await db
        .select({ address: indexerTokens.address })
        .from(indexerTokens)
        .where(
          and(eq(indexerTokens.chainId, chainId), inArray(indexerTokens.address, [...addresses])),
        )
      return new Set(rows.map((row) => row.address as Hex))
    },

    async saveTokens(tokens: readonly TokenMetadata[]): Promise<void> {
      if (tokens.length === 0) return
      await db
        .insert(indexerTokens)
        .values(tokens.map((token) => ({ chainId, ...token })))
        .onConflictDoNothing()
    },
  }
}

/** Rows per INSERT on PostgreSQL, so one statement's arrays stay a few megabytes at most. */
const rowsPerInsert = 10_000

/**
 * Rows per COPY on PGlite, which runs in this thread: a busy range's write is cut into steps of
 * ~20 ms, between which the event loop handles the RPC answers of the ranges read ahead (one
 * 100 ms write would hold back each of their round trips). 50 blocks of 500 transfers, 8 runs
 * each: median 48 blocks/s in one COPY per table, 53 in steps of 2,000 rows (the steps cost
 * ~30 ms more of writing alone).
 */
const rowsPerCopy = 2_000

export type ColumnValues = [
  type: 'bigint' | 'integer' | 'numeric' | 'text',
  values: (string | number | null)[],
]

/** One table's rows of a range, column by column. */
type TableRows = { table: string; length: number; columns: Record<string, ColumnValues> }

/** The four tables' rows a range adds, in the order they are written. */
function toTableRows(chainId: number, data: BlockRangeData): TableRows[] {
  const accountRows = listAccountTransactions(data)
  const { blocks, transactions, transfers } = data
  return [
    {
      table: 'indexer_blocks',
      length: blocks.length,
      columns: {
        chain_id: ['bigint', blocks.map(() => chainId)],
        number: ['bigint', blocks.map((block) => block.number)],
        hash: ['text', blocks.map((block) => block.hash)],
        parent_hash: ['text', blocks.map((block) => block.parentHash)],
        timestamp: ['bigint', blocks.map((block) => block.timestamp)],
      },
    },
    {
      table: 'indexer_transactions',
      length: transactions.length,
      columns: {
        chain_id: ['bigint', transactions.map(() => chainId)],
        hash: ['text', transactions.map((row) => row.hash)],
        block_number: ['bigint', transactions.map((row) => row.blockNumber)],
        tx_index: ['integer', transactions.map((row) => row.txIndex)],
        block_timestamp: ['bigint', transactions.map((row) => row.blockTimestamp)],
        from_address: ['text', transactions.map((row) => row.from)],
        to_address: ['text', transactions.map((row) => row.to)],
        created_contract: ['text', transactions.map((row) => row.createdContract)],
        nonce: ['bigint', transactions.map((row) => row.nonce)],
        value: ['numeric', transactions.map((row) => row.value.toString())],
        method_id: ['text', transactions.map((row) => row.methodId)],
        status: ['text', transactions.map((row) => row.status)],
      },
    },
    {
      table: 'indexer_transfers',
      length: transfers.length,
      columns: {
        chain_id: ['bigint', transfers.map(() => chainId)],
        tx_hash: ['text', transfers.map((row) => row.txHash)],
        log_index: ['integer', transfers.map((row) => row.logIndex)],
        block_number: ['bigint', transfers.map((row) => row.blockNumber)],
        tx_index: ['integer', transfers.map((row) => row.txIndex)],
        kind: ['text', transfers.map((row) => row.kind)],
        contract: ['text', transfers.map((row) => row.contract)],
        from_address: ['text', transfers.map((row) => row.from)],
        to_address: ['text', transfers.map((row) => row.to)],
        amount: ['numeric', transfers.map((row) => row.amount.toString())],
        token_id: ['text', transfers.map((row) => row.tokenId?.toString() ?? null)],
      },
    },
    {
      table: 'indexer_account_transactions',
      length: accountRows.length,
      columns: {
        account: ['text', accountRows.map((row) => row.account)],
        chain_id: ['bigint', accountRows.map(() => chainId)],
        tx_hash: ['text', accountRows.map((row) => row.txHash)],
        block_number: ['bigint', accountRows.map((row) => row.blockNumber)],
        tx_index: ['integer', accountRows.map((row) => row.txIndex)],
        block_timestamp: ['bigint', accountRows.map((row) => row.blockTimestamp)],
      },
    },
  ]
}

/**
 * Inserts one table's rows. `fresh`: rows known to be new, so no conflict check: on PGlite one
 * `COPY ... FROM '/dev/blob'` (about a third less work than an INSERT), on PostgreSQL one
 * array parameter per column expanded with `unnest` (a handful of parameters however many
 * rows). `keep-existing`: the `unnest` INSERT with `ON CONFLICT DO NOTHING` (same key kept).
 */
async function insertRows(
  tx: LatchTransaction,
  { table, length, columns }: TableRows,
  mode: 'fresh' | 'keep-existing',
): Promise<void> {
  const pglite = mode === 'fresh' ? pgliteClientOf(tx) : undefined
  const names = Object.keys(columns)
  const columnValues = Object.values(columns)
  const step = pglite ? rowsPerCopy : rowsPerInsert
  for (let start = 0; start < length; start += step) {
    const end = Math.min(length, start + step)
    if (pglite) {
      // PGlite answers without returning to the event loop: give it a turn first.
      await new Promise((resolve) => setImmediate(resolve))
      await pglite.query(`COPY ${table} (${names.join(', ')}) FROM '/dev/blob'`, [], {
        blob: new Blob([toCopyText(columnValues, start, end)]),
      })
      continue
    }
    const arrays = columnValues.map(
      ([type, values]) => sql`${toArrayLiteral(values, start, end)}::${sql.raw(type)}[]`,
    )
    await tx.execute(
      sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names.join(', '))}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})${sql.raw(mode === 'keep-existing' ? ' ON CONFLICT DO NOTHING' : '')}`,
    )
  }
}

/** Rows `start..end` in COPY's text format: tab-separated, `\N` for null, one line each. */
export function toCopyText(columns: ColumnValues[], start: number, end: number): string {
  // Numbers never need escaping, and strings (hashes, addresses, amounts) seldom: each column of
  // strings is checked once, as a whole, whatever its SQL type.
  const escaped = columns.map(([, values]) => needsCopyEscape(values, start, end))
  let text = ''
  for (let row = start; row < end; row++) {
    for (let column = 0; column < columns.length; column++) {
      const value = (columns[column] as ColumnValues)[1][row]
      if (column > 0) text += '\t'
      if (value === null || value === undefined) text += '\\N'
      else text += escaped[column] ? escapeCopyValue(String(value)) : value
    }
    text += '\n'
  }
  return text
}

/** Whether any string of `start..end` holds a backslash, tab or line break. */
function needsCopyEscape(values: ColumnValues[1], start: number, end: number): boolean {
  // String by string: a third of the time of one test over the strings joined, and no copy.
  for (let index = start; index < end; index++) {
    const value = values[index]
    if (typeof value === 'string' && copyEscaped.test(value)) return true
  }
  return false
}

/** The characters COPY's text format escapes. */
const copyEscaped = /[\\\t\n\r]/

/**
 * Values `start..end` as one PostgreSQL array literal (`{"0xab",NULL,7}`), sent as a single
 * text parameter: node-postgres would otherwise escape each element of a JS array on its own,
 * a third of this process's CPU for a busy range. Text in double quotes with `"` and `\`
 * escaped; numbers as they are; null as NULL.
 */
export function toArrayLiteral(
  values: readonly (string | number | null)[],
  start: number,
  end: number,
): string {
  let text = '{'
  for (let index = start; index < end; index++) {
    const value = values[index]
    if (index > start) text += ','
    if (value === null || value === undefined) text += 'NULL'
    else if (typeof value === 'number') text += String(value)
    else text += `"${/["\\]/.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`
  }
  return `${text}}`
}

/** Backslash, tab, newline and carriage return written as COPY's text format reads them. */
function escapeCopyValue(value: string): string {
  if (!/[\\\t\n\r]/.test(value)) return value
  return value.replace(
    /[\\\t\n\r]/g,
    (character) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[character] as string,
  )
}

/** The PGlite transaction under a Drizzle one (it runs COPY from a blob), or undefined on PostgreSQL. */
function pgliteClientOf(tx: LatchTransaction): PGliteTransaction | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client
  return dialectOfClient(client) === 'pglite' ? (client as PGliteTransaction) : undefined
}

function dialectOf(tx: LatchTransaction): 'pglite' | 'postgres' {
  return dialectOfClient((tx as unknown as { session?: { client?: unknown } }).session?.client)
}

/** PGlite's transaction object has `exec` and `rollback`; node-postgres' client has neither. */
function dialectOfClient(client: unknown): 'pglite' | 'postgres' {
  const candidate = client as { exec?: unknown; rollback?: unknown } | undefined
  return typeof candidate?.exec === 'function' && typeof candidate.rollback === 'function'
    ? 'pglite'
    : 'postgres'
}

/** A unique key already taken (SQLSTATE 23505), through Drizzle's wrapping. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === '23505') return true
  return false
}
