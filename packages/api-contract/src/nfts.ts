import { z } from 'zod'
import { chainIdParam, projectIdParam } from './params.ts'

/** Query of `GET /v1/account/{address}/nfts`: the ERC-721 tokens an account owns. */
export const nftsQuerySchema = z.object({
  projectId: projectIdParam,
  chainId: chainIdParam.optional().describe('Only this chain; by default every chain.'),
})

export const nftSchema = z.object({
  /** CAIP-2 */
  chainId: z.string(),
  contract: z.string(),
  tokenId: z.string(),
  collectionName: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** An image URL the browser can load (proxied through the API: `/v1/nft-image/...`). */
  imageUrl: z.string().optional(),
})

export const nftsResponseSchema = z.object({ data: z.array(nftSchema) })
export type Nft = z.infer<typeof nftSchema>
export type NftsResponse = z.infer<typeof nftsResponseSchema>
