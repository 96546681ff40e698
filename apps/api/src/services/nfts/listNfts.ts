import type { Nft } from '@latch/api-contract'
import { and, inArray, sql } from 'drizzle-orm'
import { type Address, getAddress } from 'viem'
import type { LatchDb } from '../../db/createDatabase.ts'
import { indexerTokens } from '../../db/schema/index.ts'
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
  /** Told when a token has no metadata yet or its fetch failed (listed as "#id" until a retry). */
  onIncomplete?: (() => void) | undefined
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
  // For each token the account ever received, its latest transfer (by the token's index): the
  // cost grows with the account's tokens, not with every NFT transfer on the chain.
  const chainList = sql.join(
    chainIds.map((chainId) => sql`${chainId}`),
    sql`, `,
  )
  const { rows: latest } = await db.execute<{
    chain_id: number
    contract: string
    token_id: string | null
    owner: string
  }>(sql`
    SELECT received.chain_id, received.contract, received.token_id, last.to_address AS owner
    FROM (
      SELECT DISTINCT chain_id, contract, token_id FROM indexer_transfers
      WHERE kind = 'erc721' AND to_address = ${account} AND chain_id IN (${chainList})
    ) received
    CROSS JOIN LATERAL (
      SELECT t.to_address FROM indexer_transfers t
      WHERE t.kind = 'erc721' AND t.chain_id = received.chain_id
        AND t.contract = received.contract AND t.token_id = received.token_id
      ORDER BY t.block_number DESC, t.tx_index DESC, t.log_index DESC
      LIMIT 1
    ) last`)
  const owned = latest
    .filter((row) => row.owner === account && row.token_id !== null)
    .map(
      (row): NftKey => ({
        chainId: Number(row.chain_id),
        contract: row.contract,
        tokenId: row.token_id as string,
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
    if (document?.status !== 'ok') parameters.onIncomplete?.()
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
