import { and, eq, inArray, or } from 'drizzle-orm'
import type { LatchDb } from '../../db/createDatabase.ts'
import { indexerTokens, nftMetadata } from '../../db/schema/index.ts'
import type { IndexedTransfer } from './selectPageActivity.ts'

export type IndexedToken = typeof indexerTokens.$inferSelect

export type TransferAssets = {
  /** Token contracts (ERC-20 and ERC-721 collections) by `chainId:contract`. */
  tokens: Map<string, IndexedToken>
  /** The names of NFTs with fetched metadata, by `chainId:contract:tokenId`. */
  nftNames: Map<string, string | null>
}

/** The token contracts and NFT names the transfers name, read together. */
export async function selectTransferAssets(
  db: LatchDb,
  transfers: readonly IndexedTransfer[],
): Promise<TransferAssets> {
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
  return {
    tokens: new Map(tokens.map((token) => [`${token.chainId}:${token.address}`, token])),
    nftNames: new Map(
      nfts.map((nft) => [`${nft.chainId}:${nft.contract}:${nft.tokenId}`, nft.name]),
    ),
  }
}
