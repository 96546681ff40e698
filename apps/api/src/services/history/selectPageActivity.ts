import { and, eq, inArray, or } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { LatchDb } from '../../db/createDatabase.ts'
import { indexerTransactions, indexerTransfers } from '../../db/schema/index.ts'
import { groupBy } from './groupBy.ts'

export type IndexedTransaction = typeof indexerTransactions.$inferSelect
export type IndexedTransfer = typeof indexerTransfers.$inferSelect

export type SelectPageActivityParameters = {
  /** Lower case. */
  account: string
  /** The page's transactions (none is not allowed: the caller returns early). */
  items: readonly { chainId: number; txHash: string }[]
}

export type SelectPageActivityReturnType = {
  transactions: IndexedTransaction[]
  /** The page's transfers from or to the account, in log order. */
  transfers: IndexedTransfer[]
}

/** The page's transactions and the account's transfers in them, read together. */
export async function selectPageActivity(
  db: LatchDb,
  { account, items }: SelectPageActivityParameters,
): Promise<SelectPageActivityReturnType> {
  const byChain = groupBy(items, (item) => item.chainId)
  /** The page's transactions, as a condition on a (chain id, hash) pair of columns. */
  const inPage = (chainColumn: PgColumn, hashColumn: PgColumn) =>
    or(
      ...[...byChain].map(([chainId, chainItems]) =>
        and(
          eq(chainColumn, chainId),
          inArray(
            hashColumn,
            chainItems.map((item) => item.txHash),
          ),
        ),
      ),
    )
  const [transactions, transfers] = await Promise.all([
    db
      .select()
      .from(indexerTransactions)
      .where(inPage(indexerTransactions.chainId, indexerTransactions.hash)),
    db
      .select()
      .from(indexerTransfers)
      .where(
        and(
          inPage(indexerTransfers.chainId, indexerTransfers.txHash),
          or(eq(indexerTransfers.fromAddress, account), eq(indexerTransfers.toAddress, account)),
        ),
      )
      .orderBy(indexerTransfers.logIndex),
  ])
  return { transactions, transfers }
}
