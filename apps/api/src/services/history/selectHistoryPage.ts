import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm'
import type { LatchDb } from '../../db/createDatabase.ts'
import { indexerAccountTransactions, indexerTransactions } from '../../db/schema/index.ts'
import { encodeHistoryCursor, type HistoryCursor } from './historyCursor.ts'

export type HistoryPageItem = typeof indexerAccountTransactions.$inferSelect

export type SelectHistoryPageParameters = {
  /** Lower case. */
  account: string
  chainIds: readonly number[]
  cursor?: HistoryCursor | undefined
  limit: number
  /**
   * Only transactions sent by one of these (lower-case) addresses: an on-ramp's funding
   * accounts, for the `onramp` filter. None may match an empty list.
   */
  senders?: readonly string[] | undefined
}

export type SelectHistoryPageReturnType = {
  /** At most `limit` of the account's transactions, newest first. */
  items: HistoryPageItem[]
  /** The cursor after the last item when more follow, else null. */
  next: string | null
}

/**
 * One page of an account's transactions in the page order (block time, chain, block, index
 * in the block; newest first), starting strictly after `cursor`. Reads one row past the page
 * to know whether another page follows.
 */
export async function selectHistoryPage(
  db: LatchDb,
  { account, chainIds, cursor, limit, senders }: SelectHistoryPageParameters,
): Promise<SelectHistoryPageReturnType> {
  const page = indexerAccountTransactions
  const rows = await db
    .select()
    .from(page)
    .where(
      and(
        eq(page.account, account),
        inArray(page.chainId, [...chainIds]),
        cursor
          ? sql`(${page.blockTimestamp}, ${page.chainId}, ${page.blockNumber}, ${page.txIndex}) < (${cursor.blockTimestamp}, ${cursor.chainId}, ${cursor.blockNumber}, ${cursor.txIndex})`
          : undefined,
        senders
          ? exists(
              db
                .select({ hash: indexerTransactions.hash })
                .from(indexerTransactions)
                .where(
                  and(
                    eq(indexerTransactions.chainId, page.chainId),
                    eq(indexerTransactions.hash, page.txHash),
                    inArray(indexerTransactions.fromAddress, [...senders]),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(
      desc(page.blockTimestamp),
      desc(page.chainId),
      desc(page.blockNumber),
      desc(page.txIndex),
    )
    .limit(limit + 1)
  const items = rows.slice(0, limit)
  const lastItem = items.at(-1)
  const next = rows.length > limit && lastItem ? encodeHistoryCursor(lastItem) : null
  return { items, next }
}
