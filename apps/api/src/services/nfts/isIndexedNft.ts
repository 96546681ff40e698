import { and, eq } from 'drizzle-orm'
import type { LatchDb } from '../../db/createDatabase.ts'
import { indexerTransfers } from '../../db/schema/index.ts'

export type IsIndexedNftParameters = {
  chainId: number
  /** Lower case. */
  contract: string
  /** Decimal. */
  tokenId: string
}

/**
 * Whether the index has seen a transfer of this ERC-721 token: the NFT image proxy serves
 * only NFTs the index knows, so it is not a fetcher of any contract's URLs.
 */
export async function isIndexedNft(
  db: LatchDb,
  { chainId, contract, tokenId }: IsIndexedNftParameters,
): Promise<boolean> {
  const [known] = await db
    .select({ tokenId: indexerTransfers.tokenId })
    .from(indexerTransfers)
    .where(
      and(
        eq(indexerTransfers.kind, 'erc721'),
        eq(indexerTransfers.chainId, chainId),
        eq(indexerTransfers.contract, contract),
        eq(indexerTransfers.tokenId, tokenId),
      ),
    )
    .limit(1)
  return known !== undefined
}
