import type { HistoryResponse, HistoryTransaction } from '@latch/api-contract'
import type { Address } from 'viem'
import type { LatchDb } from '../../db/createDatabase.ts'
import type { ApiNetwork } from '../../network.ts'
import type { PriceSource } from '../prices/priceSource.ts'
import { addTransferPrices } from './addTransferPrices.ts'
import { groupBy } from './groupBy.ts'
import type { HistoryCursor } from './historyCursor.ts'
import { selectHistoryPage } from './selectHistoryPage.ts'
import { toHistoryTransaction } from './toHistoryTransaction.ts'

export type GetHistoryParameters = {
  /** The account, any case. */
  account: Address
  /** The chains to read, each one a served network. */
  networks: readonly ApiNetwork[]
  /** Where the previous page ended; none for the newest page. */
  cursor?: HistoryCursor | undefined
  limit: number
  /** The API's own origin, for token icon and NFT image URLs. */
  apiOrigin: string
  /** Added to image URLs so an `<img>` passes the API's project check. */
  projectId: string
  /** Prices at each transfer's block (`addTransferPrices`); none: no `price` or `value`. */
  prices?: PriceSource | undefined
  /**
   * On-ramp funding accounts (lower case) -> provider id: a transaction one of them sent is a
   * purchase, with `metadata.onramp` set to the provider.
   */
  onrampSenders?: ReadonlyMap<string, string> | undefined
  /**
   * Only purchases from these providers (the `onramp` filter), their status in the reference
   * client's `ONRAMP_TRANSACTION_STATUS_*` words.
   */
  onrampOnly?: readonly string[] | undefined
  /** Told when the page lacks something a retry may find (a past price whose quote failed). */
  onIncomplete?: (() => void) | undefined
}

export type GetHistoryReturnType = HistoryResponse

/**
 * One page of an account's history from the index, newest first: one item per transaction
 * with the account's transfers in it (native coin, ERC-20 in whole units, ERC-721). Reads the
 * database only, so it answers while a chain's RPC is down or the indexer is catching up.
 * One query reads the page with its transactions, the account's transfers in them and the
 * tokens and NFT names those transfers name (`selectHistoryPage`). Native and ERC-20 transfers carry `price` and `value` at
 * their block when the price source knows past prices (`addTransferPrices`).
 */
export async function getHistory(
  db: LatchDb,
  parameters: GetHistoryParameters,
): Promise<GetHistoryReturnType> {
  const { cursor, limit, apiOrigin } = parameters
  const account = parameters.account.toLowerCase()
  const networks = new Map(parameters.networks.map((network) => [network.id, network]))
  if (networks.size === 0) return { data: [], next: null }
  const imageQuery = `?projectId=${encodeURIComponent(parameters.projectId)}`

  const onrampSenders = parameters.onrampSenders ?? new Map<string, string>()
  const only = parameters.onrampOnly
  const senders = only
    ? [...onrampSenders].filter(([, provider]) => only.includes(provider)).map(([sender]) => sender)
    : undefined
  if (senders?.length === 0) return { data: [], next: null }
  const { items, next, transactions, transfers, assets } = await selectHistoryPage(db, {
    account,
    chainIds: [...networks.keys()],
    cursor,
    limit,
    senders,
  })
  if (items.length === 0) return { data: [], next }

  const transactionsByKey = new Map(
    transactions.map((transaction) => [`${transaction.chainId}:${transaction.hash}`, transaction]),
  )
  const transfersByKey = groupBy(transfers, (transfer) => `${transfer.chainId}:${transfer.txHash}`)
  const built = items.flatMap((item) => {
    const key = `${item.chainId}:${item.txHash}`
    const transaction = transactionsByKey.get(key)
    const network = networks.get(item.chainId)
    if (!transaction || !network) return []
    const itemTransfers = transfersByKey.get(key) ?? []
    const built = toHistoryTransaction({
      account,
      transaction,
      transfers: itemTransfers,
      network,
      assets,
      apiOrigin,
      imageQuery,
    })
    const onramp = onrampSenders.get(transaction.fromAddress.toLowerCase())
    if (onramp) built.metadata.onramp = onramp
    if (onramp && only) built.metadata.status = toOnrampStatus(built.metadata.status)
    return [{ transaction: built, transfers: itemTransfers }]
  })
  await addTransferPrices(parameters.prices, {
    items: built,
    networks,
    assets,
    onFailure: parameters.onIncomplete,
  })
  const data: HistoryTransaction[] = built.map((item) => item.transaction)
  return { data, next }
}

/** A purchase's status as the reference client's on-ramp activity reads it. */
function toOnrampStatus(
  status: HistoryTransaction['metadata']['status'],
): HistoryTransaction['metadata']['status'] {
  if (status === 'confirmed') return 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
  if (status === 'failed') return 'ONRAMP_TRANSACTION_STATUS_FAILED'
  if (status === 'pending') return 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
  return status
}
