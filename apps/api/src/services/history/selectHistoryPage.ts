import { and, asc, desc, eq, exists, inArray, or, sql } from 'drizzle-orm'
import type { LatchDb } from '../../db/createDatabase.ts'
import {
  indexerAccountTransactions,
  indexerTokens,
  indexerTransactions,
  indexerTransfers,
  nftMetadata,
} from '../../db/schema/index.ts'
import { encodeHistoryCursor, type HistoryCursor } from './historyCursor.ts'

export type HistoryPageItem = typeof indexerAccountTransactions.$inferSelect
export type IndexedTransaction = typeof indexerTransactions.$inferSelect
export type IndexedTransfer = typeof indexerTransfers.$inferSelect
export type IndexedToken = typeof indexerTokens.$inferSelect

export type TransferAssets = {
  /** Token contracts (ERC-20 and ERC-721 collections) by `chainId:contract`. */
  tokens: Map<string, IndexedToken>
  /** The names of NFTs with fetched metadata, by `chainId:contract:tokenId`. */
  nftNames: Map<string, string | null>
}

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
  /** The items' transactions (an item whose row is missing has none). */
  transactions: IndexedTransaction[]
  /** The items' transfers from or to the account, in page then log order. */
  transfers: IndexedTransfer[]
  /** The token contracts and NFT names those transfers name. */
  assets: TransferAssets
}

/**
 * One page of an account's history in ONE query: the account's transactions in the page order
 * (block time, chain, block, index in the block; newest first) strictly after `cursor`, a keyset
 * scan of `indexer_account_transactions_page_key` that costs the same on page 1 and page 5,000,
 * joined to each transaction and the account's transfers in it (by primary key: chain, block and
 * index, the hash checked too), their token and their NFT name. Reads one item past the page to know whether another page follows.
 */
export async function selectHistoryPage(
  db: LatchDb,
  { account, chainIds, cursor, limit, senders }: SelectHistoryPageParameters,
): Promise<SelectHistoryPageReturnType> {
  const at = cursor ?? newest
  const rows = senders
    ? // The on-ramp filter (rare): built per call with its list of senders.
      await buildQuery(db, { senders }).execute({
        account,
        chainIds: [...chainIds],
        ...at,
        limit: limit + 1,
      })
    : await preparedQuery(db).execute({ account, chainIds: [...chainIds], ...at, limit: limit + 1 })
  const items: HistoryPageItem[] = []
  const transactions: IndexedTransaction[] = []
  const transfers: IndexedTransfer[] = []
  const assets: TransferAssets = { tokens: new Map(), nftNames: new Map() }
  let more = false
  let previous: HistoryPageItem | undefined
  for (const row of rows) {
    // One row per transfer (or one for a transaction without the account's transfers).
    if (!previous || previous.chainId !== row.item.chainId || previous.txHash !== row.item.txHash) {
      previous = row.item
      if (items.length === limit) {
        more = true
        break
      }
      items.push(row.item)
      if (row.transaction) transactions.push(row.transaction)
    }
    if (!row.transfer) continue
    transfers.push(row.transfer)
    if (row.token) assets.tokens.set(`${row.token.chainId}:${row.token.address}`, row.token)
    if (row.transfer.kind === 'erc721' && row.nftStatus === 'ok')
      assets.nftNames.set(
        `${row.transfer.chainId}:${row.transfer.contract}:${row.transfer.tokenId}`,
        row.nftName,
      )
  }
  const lastItem = items.at(-1)
  const next = more && lastItem ? encodeHistoryCursor(lastItem) : null
  return { items, next, transactions, transfers, assets }
}

/** Before every transaction: the first page's cursor, so both pages share one statement. */
const newest: HistoryCursor = {
  blockTimestamp: Number.MAX_SAFE_INTEGER,
  chainId: Number.MAX_SAFE_INTEGER,
  blockNumber: Number.MAX_SAFE_INTEGER,
  txIndex: 2 ** 31 - 1,
}

/** The page query of each database, built once and prepared (on PostgreSQL, planned once per connection). */
const prepared = new WeakMap<LatchDb, ReturnType<typeof prepare>>()

function preparedQuery(db: LatchDb) {
  let query = prepared.get(db)
  if (!query) {
    query = prepare(db)
    prepared.set(db, query)
  }
  return query
}

function prepare(db: LatchDb) {
  return buildQuery(db, {}).prepare('latch_history_page')
}

/**
 * The page query with placeholders: `account`, `chainIds` (an array), the cursor's
 * `blockTimestamp`, `chainId`, `blockNumber`, `txIndex`, and `limit` (the page size plus one).
 */
function buildQuery(db: LatchDb, { senders }: { senders?: readonly string[] | undefined }) {
  const accountRows = indexerAccountTransactions
  const account = sql.placeholder('account')
  const page = db.$with('page').as(
    db
      .select()
      .from(accountRows)
      .where(
        and(
          eq(accountRows.account, account),
          sql`${accountRows.chainId} = ANY(${sql.placeholder('chainIds')}::bigint[])`,
          sql`(${accountRows.blockTimestamp}, ${accountRows.chainId}, ${accountRows.blockNumber}, ${accountRows.txIndex}) < (${sql.placeholder('blockTimestamp')}::bigint, ${sql.placeholder('chainId')}::bigint, ${sql.placeholder('blockNumber')}::bigint, ${sql.placeholder('txIndex')}::integer)`,
          senders
            ? exists(
                db
                  .select({ hash: indexerTransactions.hash })
                  .from(indexerTransactions)
                  .where(
                    and(
                      eq(indexerTransactions.chainId, accountRows.chainId),
                      eq(indexerTransactions.blockNumber, accountRows.blockNumber),
                      eq(indexerTransactions.txIndex, accountRows.txIndex),
                      eq(indexerTransactions.hash, accountRows.txHash),
                      inArray(indexerTransactions.fromAddress, [...senders]),
                    ),
                  ),
              )
            : undefined,
        ),
      )
      .orderBy(...pageOrder(accountRows))
      .limit(sql.placeholder('limit')),
  )
  const transfer = indexerTransfers
  return db
    .with(page)
    .select({
      item: {
        account: page.account,
        chainId: page.chainId,
        txHash: page.txHash,
        blockNumber: page.blockNumber,
        txIndex: page.txIndex,
        blockTimestamp: page.blockTimestamp,
      },
      transaction: indexerTransactions,
      transfer,
      token: indexerTokens,
      nftName: nftMetadata.name,
      nftStatus: nftMetadata.status,
    })
    .from(page)
    .leftJoin(
      indexerTransactions,
      and(
        eq(indexerTransactions.chainId, page.chainId),
        eq(indexerTransactions.blockNumber, page.blockNumber),
        eq(indexerTransactions.txIndex, page.txIndex),
        eq(indexerTransactions.hash, page.txHash),
      ),
    )
    .leftJoin(
      transfer,
      and(
        eq(transfer.chainId, page.chainId),
        eq(transfer.blockNumber, page.blockNumber),
        eq(transfer.txIndex, page.txIndex),
        eq(transfer.txHash, page.txHash),
        or(eq(transfer.fromAddress, account), eq(transfer.toAddress, account)),
      ),
    )
    .leftJoin(
      indexerTokens,
      and(
        eq(indexerTokens.chainId, transfer.chainId),
        eq(indexerTokens.address, transfer.contract),
      ),
    )
    .leftJoin(
      nftMetadata,
      and(
        eq(nftMetadata.chainId, transfer.chainId),
        eq(nftMetadata.contract, transfer.contract),
        eq(nftMetadata.tokenId, transfer.tokenId),
      ),
    )
    .orderBy(...pageOrder(page), asc(transfer.logIndex))
}

/** The page order, newest first: the order of the keyset index and of the cursor. */
function pageOrder(table: {
  blockTimestamp: Parameters<typeof desc>[0]
  chainId: Parameters<typeof desc>[0]
  blockNumber: Parameters<typeof desc>[0]
  txIndex: Parameters<typeof desc>[0]
}) {
  return [
    desc(table.blockTimestamp),
    desc(table.chainId),
    desc(table.blockNumber),
    desc(table.txIndex),
  ]
}
