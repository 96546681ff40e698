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

        const accountRows = listAccountTransactions(data)
        await insertRows(tx, 'indexer_blocks', data.blocks.length, {
          chain_id: ['bigint', data.blocks.map(() => chainId)],
          number: ['bigint', data.blocks.map((block) => block.number)],
          hash: ['text', data.blocks.map((block) => block.hash)],
          parent_hash: ['text', data.blocks.map((block) => block.parentHash)],
          timestamp: ['bigint', data.blocks.map((block) => block.timestamp)],
        })
        const transactions = data.transactions
        await insertRows(tx, 'indexer_transactions', transactions.length, {
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
        })
        const transfers = data.transfers
        await insertRows(tx, 'indexer_transfers', transfers.length, {
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
        })
        await insertRows(tx, 'indexer_account_transactions', accountRows.length, {
          account: ['text', accountRows.map((row) => row.account)],
          chain_id: ['bigint', accountRows.map(() => chainId)],
          tx_hash: ['text', accountRows.map((row) => row.txHash)],
          block_number: ['bigint', accountRows.map((row) => row.blockNumber)],
          tx_index: ['integer', accountRows.map((row) => row.txIndex)],
          block_timestamp: ['bigint', accountRows.map((row) => row.blockTimestamp)],
        })
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
        await tx
          .delete(indexerTransfers)
          .where(
            and(
              eq(indexerTransfers.chainId, chainId),
              gt(indexerTransfers.blockNumber, block.number),
            ),
          )
        await tx
          .delete(indexerAccountTransactions)
          .where(
            and(
              eq(indexerAccountTransactions.chainId, chainId),
              gt(indexerAccountTransactions.blockNumber, block.number),
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

/** Rows per INSERT, so one statement's arrays stay a few megabytes at most. */
const rowsPerInsert = 10_000

type ColumnValues = [
  type: 'bigint' | 'integer' | 'numeric' | 'text',
  values: (string | number | null)[],
]

/**
 * Inserts rows given column by column, as one array parameter per column expanded with
 * `unnest`: a handful of parameters however many rows, several times faster than a multi-row
 * VALUES list on PGlite. Rows already there (same key) are kept.
 */
async function insertRows(
  tx: LatchTransaction,
  table: string,
  length: number,
  columns: Record<string, ColumnValues>,
): Promise<void> {
  const names = sql.raw(Object.keys(columns).join(', '))
  for (let start = 0; start < length; start += rowsPerInsert) {
    const arrays = Object.values(columns).map(
      ([type, values]) =>
        sql`${sql.param(values.slice(start, start + rowsPerInsert))}::${sql.raw(type)}[]`,
    )
    await tx.execute(
      sql`INSERT INTO ${sql.raw(table)} (${names}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)}) ON CONFLICT DO NOTHING`,
    )
  }
}
