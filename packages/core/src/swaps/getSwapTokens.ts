import { type ConvertTokensResponse, convertTokensResponseSchema } from '@latch/api-contract'
import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'
import { toSwapError } from './toSwapError.ts'

export type GetSwapTokensParameters = { chainId: number; signal?: unknown }
export type GetSwapTokensReturnType = ConvertTokensResponse['tokens']
export type GetSwapTokensErrorType = ReturnType<typeof toSwapError>

/**
 * The tokens that can be swapped on a chain (`GET /v1/convert/tokens`), the native coin first,
 * their icons on the API's origin. A chain without swaps is `SwapNetworkNotSupportedError`.
 */
export async function getSwapTokens(
  config: LatchConfig,
  parameters: GetSwapTokensParameters,
): Promise<GetSwapTokensReturnType> {
  const { tokens } = await requestApi(config, {
    path: '/v1/convert/tokens',
    query: { chainId: toCaipNetworkId({ reference: parameters.chainId }) },
    signal: parameters.signal,
    schema: convertTokensResponseSchema,
    toError: toSwapError,
  })
  return tokens.map((token) => ({
    ...token,
    logoUri: resolveApiImageUrl(config.apiUrl, token.logoUri) ?? '',
  }))
}
