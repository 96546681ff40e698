import { type Nft, nftsResponseSchema } from '@latch/api-contract'
import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { NftsUnavailableError } from '../errors/account.ts'
import { requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'

export type GetNftsParameters = {
  address: string
  /** Only this chain's NFTs; default every chain the API serves. */
  chainId?: number | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetNftsReturnType = { data: Nft[] }

export type GetNftsErrorType = NftsUnavailableError

/**
 * Lists the ERC-721 tokens an account owns from the Latch API (`GET /v1/account/{address}/nfts`);
 * image URLs point at the API's image proxy.
 */
export async function getNfts(
  config: LatchConfig,
  parameters: GetNftsParameters,
): Promise<GetNftsReturnType> {
  const { data } = await requestApi(config, {
    path: `/v1/account/${encodeURIComponent(parameters.address)}/nfts`,
    query: {
      chainId:
        parameters.chainId === undefined
          ? undefined
          : toCaipNetworkId({ reference: parameters.chainId }),
    },
    signal: parameters.signal,
    schema: nftsResponseSchema,
    toError: (failure) => new NftsUnavailableError(failure),
  })
  // Image URLs point at the API's image proxy; one the page may not load is dropped.
  return {
    data: data.map(({ imageUrl, ...nft }) => {
      const image = resolveApiImageUrl(config.apiUrl, imageUrl)
      return image ? { ...nft, imageUrl: image } : nft
    }),
  }
}
