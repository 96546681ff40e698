import type { Nft } from '@latch/api-contract'
import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { NftsUnavailableError } from '../errors/account.ts'
import { isObject, requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'

export type GetNftsParameters = {
  address: string
  /** Only this chain's NFTs; default every chain the API serves. */
  chainId?: number | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetNftsReturnType = { data: Nft[] }

export type GetNftsErrorType = NftsUnavailableError

const isString = (value: unknown): value is string => typeof value === 'string'

function readNft(value: unknown, apiUrl: string): Nft | undefined {
  if (!isObject(value)) return undefined
  const { chainId, contract, tokenId, collectionName, name, description, imageUrl } = value
  if (
    !isString(chainId) ||
    !isString(contract) ||
    !isString(tokenId) ||
    !isString(collectionName) ||
    !isString(name)
  )
    return undefined
  const image = resolveApiImageUrl(apiUrl, imageUrl)
  return {
    chainId,
    contract,
    tokenId,
    collectionName,
    name,
    ...(isString(description) ? { description } : {}),
    ...(image ? { imageUrl: image } : {}),
  }
}

/**
 * Lists the ERC-721 tokens an account owns from the Latch API (`GET /v1/account/{address}/nfts`);
 * image URLs point at the API's image proxy.
 */
export async function getNfts(
  config: LatchConfig,
  parameters: GetNftsParameters,
): Promise<GetNftsReturnType> {
  const body = await requestApi(config, {
    path: `/v1/account/${encodeURIComponent(parameters.address)}/nfts`,
    query: {
      chainId:
        parameters.chainId === undefined
          ? undefined
          : toCaipNetworkId({ reference: parameters.chainId }),
    },
    signal: parameters.signal,
    toError: (failure) => new NftsUnavailableError(failure),
  })
  if (!isObject(body) || !Array.isArray(body.data))
    throw new NftsUnavailableError({ details: 'The API answered without a list.' })
  return { data: body.data.flatMap((entry) => readNft(entry, config.apiUrl) ?? []) }
}
