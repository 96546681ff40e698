import { convertQuotesResponseSchema, type SwapQuote } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { NoSwapRouteError } from '../errors/swap.ts'
import { requestApi } from '../utils/requestApi.ts'
import { toSwapError } from './toSwapError.ts'

export type GetSwapQuoteParameters = {
  /** CAIP-10 token addresses (the native coin is `0xeeee...eeee`). */
  from: string
  to: string
  /** What is sold, in the `from` token's smallest unit. */
  amount: bigint
  userAddress: string
  /** In percent (1 = 1%): what `minimumReceived` assumes. */
  slippage?: number | undefined
  /** Aborts the request: a quote for an input that changed is not waited for. */
  signal?: AbortSignal | undefined
}
export type GetSwapQuoteReturnType = SwapQuote
export type GetSwapQuoteErrorType = ReturnType<typeof toSwapError>

/** The best quote for selling `amount` of `from` for `to` (`GET /v1/convert/quotes`). */
export async function getSwapQuote(
  config: LatchConfig,
  parameters: GetSwapQuoteParameters,
): Promise<GetSwapQuoteReturnType> {
  const { quotes } = await requestApi(config, {
    path: '/v1/convert/quotes',
    query: {
      amount: parameters.amount.toString(),
      userAddress: parameters.userAddress,
      from: parameters.from,
      to: parameters.to,
      slippage: parameters.slippage,
    },
    signal: parameters.signal,
    schema: convertQuotesResponseSchema,
    toError: toSwapError,
  })
  const [quote] = quotes
  if (!quote) throw new NoSwapRouteError({ details: 'The API answered no quote.' })
  return quote
}
