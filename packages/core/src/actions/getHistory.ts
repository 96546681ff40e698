import {
  type HistoryResponse,
  type HistoryTransfer,
  historyResponseSchema,
} from '@latch/api-contract'
import { type CaipNetworkId, toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { TransactionsUnavailableError } from '../errors/account.ts'
import { requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'

export type GetHistoryParameters = {
  address: string
  /** Only this chain's transactions; default every chain the API serves. */
  chainId?: number | undefined
  /**
   * Only this network's transactions, as CAIP-2 (wins over `chainId`); Solana and Bitcoin
   * activity needs it (the API reads it from the chain).
   */
  caipNetworkId?: CaipNetworkId | undefined
  /** The `next` cursor of the previous page; none for the newest page. */
  cursor?: string | undefined
  /** Transactions per page, 1 to 100 (the API's default is 25). */
  limit?: number | undefined
  /** Only on-ramp purchases: of one provider, or `all` (the API's `onramp` filter). */
  onramp?: string | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetHistoryReturnType = HistoryResponse

export type GetHistoryErrorType = TransactionsUnavailableError

/**
 * A transfer with its image URLs made loadable by the page (an API path on the API's origin);
 * an icon or a preview the page may not load is dropped.
 */
function withImageUrls(transfer: HistoryTransfer, apiUrl: string): HistoryTransfer {
  const { fungible_info: fungible, nft_info: nft, ...rest } = transfer
  const result: HistoryTransfer = rest
  if (fungible) {
    const { icon, ...info } = fungible
    const url = icon && resolveApiImageUrl(apiUrl, icon.url)
    result.fungible_info = url ? { ...info, icon: { url } } : info
  }
  if (nft) {
    const { content, ...info } = nft
    const url = content && resolveApiImageUrl(apiUrl, content.preview.url)
    result.nft_info =
      content && url ? { ...info, content: { preview: { ...content.preview, url } } } : info
  }
  return result
}

/**
 * Fetches one page of an account's transactions, newest first, from the Latch API
 * (`GET /v1/account/{account}/history`); pass the previous page's `next` as `cursor` for older
 * ones. Any failure is a `TransactionsUnavailableError` ('Failed to fetch transactions.').
 */
export async function getHistory(
  config: LatchConfig,
  parameters: GetHistoryParameters,
): Promise<GetHistoryReturnType> {
  const page = await requestApi(config, {
    path: `/v1/account/${encodeURIComponent(parameters.address)}/history`,
    query: {
      chainId:
        parameters.caipNetworkId ??
        (parameters.chainId === undefined
          ? undefined
          : toCaipNetworkId({ reference: parameters.chainId })),
      cursor: parameters.cursor,
      limit: parameters.limit,
      onramp: parameters.onramp,
    },
    signal: parameters.signal,
    schema: historyResponseSchema,
    toError: (failure) => new TransactionsUnavailableError(failure),
  })
  return {
    data: page.data.map((transaction) => ({
      ...transaction,
      transfers: transaction.transfers.map((transfer) => withImageUrls(transfer, config.apiUrl)),
    })),
    next: page.next || null,
  }
}
