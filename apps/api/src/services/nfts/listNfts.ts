import type { Nft } from '@latch/api-contract'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { type Address, getAddress } from 'viem'
import type { LatchDb } from '../../db/createDatabase.ts'
import { indexerTokens, indexerTransfers } from '../../db/schema/index.ts'
import { toCaip2 } from '../../network.ts'
import type { NftKey, NftMetadataResolver } from './createNftMetadataResolver.ts'

export type ListNftsParameters = {
  account: Address
  chainIds: readonly number[]
  metadata: NftMetadataResolver
  /** When metadata still being fetched stops being waited for (epoch ms). */
  deadline: number
  /** The asking request's signal: metadata fetches stop when it aborts. */
  signal?: AbortSignal | undefined
  apiOrigin: string
  projectId: string
}

/** Owned tokens listed at most; an account holding more sees the first ones by chain and contract. */
export const maxListedNfts = 500

/**
 * The ERC-721 tokens an account owns, from the index: for every token it ever received, the
 * latest transfer must be to it. Names, descriptions and images come from the metadata cache
 * (fetched when missing, within `deadline`); without metadata a token is listed as "#id".
 */
export async function listNfts(db: LatchDb, parameters: ListNftsParameters): Promise<Nft[]> {
  const { chainIds, metadata, deadline, apiOrigin } = parameters
  if (chainIds.length === 0) return []
  const account = parameters.account.toLowerCase()
  const t = indexerTransfers
  const latest = await db
    .selectDistinctOn([t.chainId, t.contract, t.tokenId], {
      chainId: t.chainId,
      contract: t.contract,
      tokenId: t.tokenId,
      owner: t.toAddress,
    })
    .from(t)
    .where(
      and(
        eq(t.kind, 'erc721'),
        inArray(t.chainId, [...chainIds]),
        sql`(${t.chainId}, ${t.contract}, ${t.tokenId}) IN (SELECT chain_id, contract, token_id FROM indexer_transfers WHERE kind = 'erc721' AND to_address = ${account})`,
      ),
    )
    .orderBy(
      t.chainId,
      t.contract,
      t.tokenId,
      desc(t.blockNumber),
      desc(t.txIndex),
      desc(t.logIndex),
    )
  const owned = latest
    .filter((row) => row.owner === account && row.tokenId !== null)
    .map(
      (row): NftKey => ({
        chainId: row.chainId,
        contract: row.contract,
        tokenId: row.tokenId as string,
      }),
    )
    .sort(
      (a, b) =>
        a.chainId - b.chainId ||
        a.contract.localeCompare(b.contract) ||
        compareDecimal(a.tokenId, b.tokenId),
    )
    .slice(0, maxListedNfts)
  if (owned.length === 0) return []

  const contracts = [...new Set(owned.map((nft) => nft.contract))]
  const [collections, documents] = await Promise.all([
    db
      .select({
        chainId: indexerTokens.chainId,
        address: indexerTokens.address,
        name: indexerTokens.name,
      })
      .from(indexerTokens)
      .where(
        and(
          inArray(indexerTokens.chainId, [...chainIds]),
          inArray(indexerTokens.address, contracts),
        ),
      ),
    metadata.getMany(owned, { deadline, signal: parameters.signal }),
  ])
  const collectionNames = new Map(
    collections.map((collection) => [
      `${collection.chainId}:${collection.address}`,
      collection.name,
    ]),
  )
  const imageQuery = `?projectId=${encodeURIComponent(parameters.projectId)}`

  return owned.map((nft) => {
    const document = documents.get(metadata.keyOf(nft))
    const ok = document?.status === 'ok' ? document : undefined
    const contract = getAddress(nft.contract)
    return {
      chainId: toCaip2(nft.chainId),
      contract,
      tokenId: nft.tokenId,
      collectionName: collectionNames.get(`${nft.chainId}:${nft.contract}`) ?? 'Unknown collection',
      name: ok?.name ?? `#${nft.tokenId}`,
      ...(ok?.description ? { description: ok.description } : {}),
      ...(ok?.imageUrl
        ? {
            imageUrl: `${apiOrigin}/v1/nft-image/${nft.chainId}/${contract}/${nft.tokenId}${imageQuery}`,
          }
        : {}),
    }
  })
}

/** Orders decimal strings by value (token ids exceed Number). */
function compareDecimal(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
}
