import type { HistoryResponse, HistoryTransaction, HistoryTransfer } from '@latch/api-contract'
import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { TransactionsUnavailableError } from '../errors/account.ts'
import { isObject, requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'

export type GetHistoryParameters = {
  address: string
  /** Only this chain's transactions; default every chain the API serves. */
  chainId?: number | undefined
  /** The `next` cursor of the previous page; none for the newest page. */
  cursor?: string | undefined
  /** Transactions per page, 1 to 100 (the API's default is 25). */
  limit?: number | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetHistoryReturnType = HistoryResponse

export type GetHistoryErrorType = TransactionsUnavailableError

const operationTypes: ReadonlySet<string> = new Set<
  HistoryTransaction['metadata']['operationType']
>(['send', 'receive', 'trade', 'mint', 'burn', 'execute', 'approve', 'deploy'])
const statuses: ReadonlySet<string> = new Set<HistoryTransaction['metadata']['status']>([
  'confirmed',
  'failed',
  'pending',
])
const directions: ReadonlySet<string> = new Set<HistoryTransfer['direction']>(['in', 'out', 'self'])

const isString = (value: unknown): value is string => typeof value === 'string'
const isInteger = (value: unknown): value is number => Number.isInteger(value)

function readTransfer(value: unknown, apiUrl: string): HistoryTransfer | undefined {
  if (!isObject(value) || !isObject(value.quantity)) return undefined
  const { direction, quantity, fungible_info: fungible, nft_info: nft } = value
  if (!isString(direction) || !directions.has(direction) || !isString(quantity.numeric))
    return undefined
  const transfer: HistoryTransfer = {
    direction: direction as HistoryTransfer['direction'],
    quantity: { numeric: quantity.numeric },
  }
  if (typeof value.value === 'number') transfer.value = value.value
  if (typeof value.price === 'number') transfer.price = value.price
  if (
    isObject(fungible) &&
    isString(fungible.name) &&
    isString(fungible.symbol) &&
    isString(fungible.address)
  ) {
    const icon = isObject(fungible.icon) ? resolveApiImageUrl(apiUrl, fungible.icon.url) : undefined
    transfer.fungible_info = {
      name: fungible.name,
      symbol: fungible.symbol,
      address: fungible.address,
      ...(icon ? { icon: { url: icon } } : {}),
    }
  }
  if (
    isObject(nft) &&
    isString(nft.name) &&
    isString(nft.tokenId) &&
    isObject(nft.collection) &&
    isString(nft.collection.name) &&
    isString(nft.collection.address)
  ) {
    const preview =
      isObject(nft.content) && isObject(nft.content.preview) ? nft.content.preview : undefined
    const url = preview ? resolveApiImageUrl(apiUrl, preview.url) : undefined
    transfer.nft_info = {
      name: nft.name,
      tokenId: nft.tokenId,
      collection: { name: nft.collection.name, address: nft.collection.address },
      ...(url && preview
        ? {
            content: {
              preview: {
                url,
                content_type: isString(preview.content_type) ? preview.content_type : '',
              },
            },
          }
        : {}),
    }
  }
  return transfer
}

/** One transaction of the answer, checked by hand; malformed ones are dropped. */
function readTransaction(value: unknown, apiUrl: string): HistoryTransaction | undefined {
  if (!isObject(value) || !isString(value.id) || !isObject(value.metadata)) return undefined
  const m = value.metadata
  if (
    !isString(m.operationType) ||
    !operationTypes.has(m.operationType) ||
    !isString(m.status) ||
    !statuses.has(m.status) ||
    !isString(m.hash) ||
    !isString(m.minedAt) ||
    Number.isNaN(Date.parse(m.minedAt)) ||
    !isString(m.sentFrom) ||
    !isString(m.sentTo) ||
    !isString(m.chain)
  )
    return undefined
  const transfers = Array.isArray(value.transfers) ? value.transfers : []
  return {
    id: value.id,
    metadata: {
      operationType: m.operationType as HistoryTransaction['metadata']['operationType'],
      status: m.status as HistoryTransaction['metadata']['status'],
      hash: m.hash,
      minedAt: m.minedAt,
      sentFrom: m.sentFrom,
      sentTo: m.sentTo,
      nonce: isInteger(m.nonce) ? m.nonce : 0,
      chain: m.chain,
      blockNumber: isInteger(m.blockNumber) ? m.blockNumber : 0,
    },
    transfers: transfers.flatMap((transfer) => readTransfer(transfer, apiUrl) ?? []),
  }
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
  const body = await requestApi(config, {
    path: `/v1/account/${encodeURIComponent(parameters.address)}/history`,
    query: {
      chainId:
        parameters.chainId === undefined
          ? undefined
          : toCaipNetworkId({ reference: parameters.chainId }),
      cursor: parameters.cursor,
      limit: parameters.limit,
    },
    signal: parameters.signal,
    toError: (failure) => new TransactionsUnavailableError(failure),
  })
  if (!isObject(body) || !Array.isArray(body.data))
    throw new TransactionsUnavailableError({ details: 'The API answered without a list.' })
  return {
    data: body.data.flatMap((entry) => readTransaction(entry, config.apiUrl) ?? []),
    next: isString(body.next) && body.next ? body.next : null,
  }
}
