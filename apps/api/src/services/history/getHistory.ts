import type { HistoryResponse, HistoryTransaction, HistoryTransfer } from '@latch/api-contract'
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { type Address, formatUnits, getAddress } from 'viem'
import type { LatchDb } from '../../db/createDatabase.ts'
import {
  indexerAccountTransactions,
  indexerTokens,
  indexerTransactions,
  indexerTransfers,
  nftMetadata,
} from '../../db/schema/index.ts'
import { type ApiNetwork, toCaip2 } from '../../network.ts'
import { getOperationType } from './getOperationType.ts'
import { encodeHistoryCursor, type HistoryCursor } from './historyCursor.ts'

const zeroAddress = '0x0000000000000000000000000000000000000000'

export type GetHistoryParameters = {
  /** The account, any case. */
  account: Address
  /** The chains to read, each one a served network. */
  networks: readonly ApiNetwork[]
  /** Where the previous page ended; none for the newest page. */
  cursor?: HistoryCursor | undefined
  limit: number
  /** The API's own origin, for token icon and NFT image URLs. */
  apiOrigin: string
  /** Added to image URLs so an `<img>` passes the API's project check. */
  projectId: string
}

export type GetHistoryReturnType = HistoryResponse

/**
 * One page of an account's history from the index, newest first: one item per transaction
 * with the account's transfers in it (native coin, ERC-20 in whole units, ERC-721). Reads the
 * database only, so it answers while a chain's RPC is down or the indexer is catching up.
 */
export async function getHistory(
  db: LatchDb,
  parameters: GetHistoryParameters,
): Promise<GetHistoryReturnType> {
  const { cursor, limit, apiOrigin } = parameters
  const account = parameters.account.toLowerCase()
  const networks = new Map(parameters.networks.map((network) => [network.id, network]))
  if (networks.size === 0) return { data: [], next: null }
  const imageQuery = `?projectId=${encodeURIComponent(parameters.projectId)}`

  const page = indexerAccountTransactions
  const rows = await db
    .select()
    .from(page)
    .where(
      and(
        eq(page.account, account),
        inArray(page.chainId, [...networks.keys()]),
        cursor
          ? sql`(${page.blockTimestamp}, ${page.chainId}, ${page.blockNumber}, ${page.txIndex}) < (${cursor.blockTimestamp}, ${cursor.chainId}, ${cursor.blockNumber}, ${cursor.txIndex})`
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
  if (items.length === 0) return { data: [], next }

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

  const tokenKeys = new Map<number, Set<string>>()
  const nftKeys: { chainId: number; contract: string; tokenId: string }[] = []
  for (const transfer of transfers) {
    if (transfer.kind === 'native') continue
    const set = tokenKeys.get(transfer.chainId) ?? new Set()
    set.add(transfer.contract)
    tokenKeys.set(transfer.chainId, set)
    if (transfer.kind === 'erc721' && transfer.tokenId)
      nftKeys.push({
        chainId: transfer.chainId,
        contract: transfer.contract,
        tokenId: transfer.tokenId,
      })
  }
  const [tokens, nfts] = await Promise.all([
    tokenKeys.size === 0
      ? []
      : db
          .select()
          .from(indexerTokens)
          .where(
            or(
              ...[...tokenKeys].map(([chainId, addresses]) =>
                and(
                  eq(indexerTokens.chainId, chainId),
                  inArray(indexerTokens.address, [...addresses]),
                ),
              ),
            ),
          ),
    nftKeys.length === 0
      ? []
      : db
          .select({
            chainId: nftMetadata.chainId,
            contract: nftMetadata.contract,
            tokenId: nftMetadata.tokenId,
            name: nftMetadata.name,
          })
          .from(nftMetadata)
          .where(
            and(
              eq(nftMetadata.status, 'ok'),
              or(
                ...nftKeys.map((key) =>
                  and(
                    eq(nftMetadata.chainId, key.chainId),
                    eq(nftMetadata.contract, key.contract),
                    eq(nftMetadata.tokenId, key.tokenId),
                  ),
                ),
              ),
            ),
          ),
  ])

  const tokensByKey = new Map(tokens.map((token) => [`${token.chainId}:${token.address}`, token]))
  const nftNames = new Map(
    nfts.map((nft) => [`${nft.chainId}:${nft.contract}:${nft.tokenId}`, nft.name]),
  )
  const transactionsByKey = new Map(
    transactions.map((transaction) => [`${transaction.chainId}:${transaction.hash}`, transaction]),
  )
  const transfersByKey = groupBy(transfers, (transfer) => `${transfer.chainId}:${transfer.txHash}`)

  const data = items.flatMap((item): HistoryTransaction[] => {
    const key = `${item.chainId}:${item.txHash}`
    const transaction = transactionsByKey.get(key)
    const network = networks.get(item.chainId)
    if (!transaction || !network) return []
    const chain = toCaip2(item.chainId)
    const moved = (transfersByKey.get(key) ?? []).map((transfer) => {
      const direction: HistoryTransfer['direction'] =
        transfer.fromAddress === account && transfer.toAddress === account
          ? 'self'
          : transfer.fromAddress === account
            ? 'out'
            : 'in'
      return { transfer, direction }
    })
    const transfersOut = moved.map(({ transfer, direction }): HistoryTransfer => {
      const contract = getAddress(transfer.contract)
      if (transfer.kind === 'erc721') {
        const tokenId = transfer.tokenId ?? '0'
        const collection = tokensByKey.get(`${item.chainId}:${transfer.contract}`)
        const name = nftNames.get(`${item.chainId}:${transfer.contract}:${tokenId}`)
        return {
          direction,
          quantity: { numeric: '1' },
          nft_info: {
            name: name ?? `#${tokenId}`,
            tokenId,
            collection: { name: collection?.name ?? 'Unknown collection', address: contract },
            content: {
              preview: {
                url: `${apiOrigin}/v1/nft-image/${item.chainId}/${contract}/${tokenId}${imageQuery}`,
                content_type: 'image/*',
              },
            },
          },
        }
      }
      const asset =
        transfer.kind === 'native'
          ? network.nativeCurrency
          : tokensByKey.get(`${item.chainId}:${transfer.contract}`)
      const decimals = asset?.decimals ?? 0
      return {
        direction,
        quantity: { numeric: formatUnits(BigInt(transfer.amount), decimals) },
        fungible_info: {
          name: asset?.name ?? 'Unknown token',
          symbol: asset?.symbol ?? '???',
          address: `${chain}:${transfer.kind === 'native' ? zeroAddress : contract}`,
          // The public token icon route (routes/tokenImage.ts), like images on a CDN.
          icon: { url: `${apiOrigin}/public/getTokenImage/${item.chainId}/${contract}` },
        },
      }
    })
    return [
      {
        id: `${chain}:${transaction.hash}`,
        metadata: {
          operationType: getOperationType({
            account,
            transaction: {
              from: transaction.fromAddress,
              to: transaction.toAddress,
              methodId: transaction.methodId,
            },
            transfers: moved.map(({ transfer, direction }) => ({
              direction,
              from: transfer.fromAddress,
              to: transfer.toAddress,
            })),
          }),
          status: transaction.status,
          hash: transaction.hash,
          minedAt: new Date(transaction.blockTimestamp * 1000).toISOString(),
          sentFrom: getAddress(transaction.fromAddress),
          sentTo: transaction.toAddress
            ? getAddress(transaction.toAddress)
            : transaction.createdContract
              ? getAddress(transaction.createdContract)
              : '',
          nonce: transaction.nonce,
          chain,
          blockNumber: transaction.blockNumber,
        },
        transfers: transfersOut,
      },
    ]
  })
  return { data, next }
}

/** `Map.groupBy` (ES2024, above this project's TypeScript lib). */
function groupBy<item, key>(items: readonly item[], keyOf: (item: item) => key): Map<key, item[]> {
  const groups = new Map<key, item[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}
