import type { HistoryTransaction, HistoryTransfer } from '@latch/api-contract'
import type { LatchCaipNetwork } from '@latch/core'
import { explorerTransactionUrl } from './explorerTransactionUrl.ts'

export type ActivityOperation = HistoryTransaction['metadata']['operationType']

/** What a row of the Activity tab shows, ready to render. */
export type ActivityRow = {
  id: string
  operation: ActivityOperation
  /** Picks the row's icon: money in, out, to oneself, exchanged, or a contract call. */
  direction: 'in' | 'out' | 'self' | 'trade' | 'other'
  status: HistoryTransaction['metadata']['status']
  /** Mined (or sent) at, ms since the epoch. */
  time: number
  /**
   * The other side: whom it went to, or came from. None for a mint from the zero address or
   * when the transaction's other end is the asset's own contract (a token transfer).
   */
  counterparty: { role: 'to' | 'from'; address: string } | undefined
  /** The main asset moved; none for an approval or a call that moved nothing. */
  asset:
    | {
        kind: 'fungible'
        symbol: string
        numeric: string
        sign: 'in' | 'out' | 'self'
        iconUrl: string | undefined
      }
    | {
        kind: 'nft'
        name: string
        collection: string
        imageUrl: string | undefined
        sign: 'in' | 'out' | 'self'
      }
    | undefined
  /** How many more transfers the transaction made besides `asset`. */
  moreTransfers: number
  /** The transaction on the chain's block explorer, when the chain has one. */
  explorerUrl: string | undefined
  /** An on-ramp purchase: the provider's name (`metadata.onramp`), shown as whom it came from. */
  onramp: string | undefined
}

/** The display names of the API's on-ramp provider ids; another id shows as it is. */
const onrampProviderNames: Readonly<Record<string, string>> = {
  coinbase: 'Coinbase',
  moonpay: 'MoonPay',
}

const zeroAddress = /^0x0{40}$/i

const inbound: ReadonlySet<ActivityOperation> = new Set(['receive', 'mint'])
const outbound: ReadonlySet<ActivityOperation> = new Set(['send', 'burn'])

function rowDirection(
  operation: ActivityOperation,
  transfer: HistoryTransfer | undefined,
): ActivityRow['direction'] {
  if (operation === 'trade') return 'trade'
  if (transfer) return transfer.direction
  if (inbound.has(operation)) return 'in'
  if (outbound.has(operation)) return 'out'
  return 'other'
}

function toAsset(transfer: HistoryTransfer | undefined): ActivityRow['asset'] {
  if (transfer?.nft_info)
    return {
      kind: 'nft',
      name: transfer.nft_info.name,
      collection: transfer.nft_info.collection.name,
      imageUrl: transfer.nft_info.content?.preview.url,
      sign: transfer.direction,
    }
  if (transfer?.fungible_info)
    return {
      kind: 'fungible',
      symbol: transfer.fungible_info.symbol,
      numeric: transfer.quantity.numeric,
      sign: transfer.direction,
      iconUrl: transfer.fungible_info.icon?.url,
    }
  return undefined
}

/**
 * A history transaction as the Activity tab's row model: title (from the operation), direction,
 * the main transfer as a signed amount or an NFT, the counterparty and the explorer link.
 * The main transfer is the first one moving in the operation's direction (for a trade, the
 * one received), else the first.
 */
export function toActivityRow(
  transaction: HistoryTransaction,
  /** Every namespace's networks (`config.caipNetworks`): the explorer of the transaction's. */
  networks: readonly Pick<LatchCaipNetwork, 'caipNetworkId' | 'blockExplorerUrl'>[],
): ActivityRow {
  const { metadata, transfers } = transaction
  const operation = metadata.operationType
  const wanted = inbound.has(operation) || operation === 'trade' ? 'in' : 'out'
  const main = transfers.find((t) => t.direction === wanted) ?? transfers[0]
  const direction = rowDirection(operation, main)

  const role: 'to' | 'from' = direction === 'in' ? 'from' : 'to'
  const other = role === 'from' ? metadata.sentFrom : metadata.sentTo
  // sentFrom/sentTo are the transaction's ends: for a token transfer, `to` is the token
  // contract, not whom the tokens went to, so that is no counterparty to show.
  const assetContract = (main?.fungible_info?.address ?? main?.nft_info?.collection.address)
    ?.split(':')
    .at(-1)
  const counterparty =
    direction === 'self' ||
    direction === 'trade' ||
    !other ||
    zeroAddress.test(other) ||
    other.toLowerCase() === assetContract?.toLowerCase()
      ? undefined
      : { role, address: other }

  const explorer = networks.find(
    (network) => network.caipNetworkId === metadata.chain,
  )?.blockExplorerUrl
  const time = Date.parse(metadata.minedAt)
  return {
    id: transaction.id,
    operation,
    direction,
    status: metadata.status,
    time: Number.isNaN(time) ? 0 : time,
    counterparty,
    asset: toAsset(main),
    moreTransfers: Math.max(0, transfers.length - 1),
    explorerUrl: explorerTransactionUrl(explorer, metadata.hash),
    onramp: metadata.onramp && (onrampProviderNames[metadata.onramp] ?? metadata.onramp),
  }
}
