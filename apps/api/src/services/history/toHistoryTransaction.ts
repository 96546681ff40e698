import type { HistoryTransaction } from '@latch/api-contract'
import { getAddress } from 'viem'
import { type ApiNetwork, toCaip2 } from '../../network.ts'
import { getOperationType } from './getOperationType.ts'
import { getTransferDirection } from './getTransferDirection.ts'
import type { IndexedTransaction, IndexedTransfer, TransferAssets } from './selectHistoryPage.ts'
import { toHistoryTransfer } from './toHistoryTransfer.ts'

export type ToHistoryTransactionParameters = {
  /** Lower case. */
  account: string
  transaction: IndexedTransaction
  /** The account's transfers in this transaction, in log order. */
  transfers: readonly IndexedTransfer[]
  /** The transaction's chain. */
  network: ApiNetwork
  assets: TransferAssets
  apiOrigin: string
  imageQuery: string
}

/** One history item: the transaction, its operation type and the account's transfers in it. */
export function toHistoryTransaction({
  account,
  transaction,
  transfers,
  network,
  assets,
  apiOrigin,
  imageQuery,
}: ToHistoryTransactionParameters): HistoryTransaction {
  const chain = toCaip2(network.id)
  const moved = transfers.map((transfer) => ({
    transfer,
    direction: getTransferDirection(account, transfer),
  }))
  return {
    id: `${chain}:${transaction.hash}`,
    metadata: {
      operationType: getOperationType({
        account,
        transaction: {
          from: transaction.fromAddress,
          to: transaction.toAddress,
          methodId: transaction.methodId,
        },
        transfers: moved.map(({ transfer, direction }) => ({
          direction,
          from: transfer.fromAddress,
          to: transfer.toAddress,
        })),
      }),
      status: transaction.status,
      hash: transaction.hash,
      minedAt: new Date(transaction.blockTimestamp * 1000).toISOString(),
      sentFrom: getAddress(transaction.fromAddress),
      sentTo: transaction.toAddress
        ? getAddress(transaction.toAddress)
        : transaction.createdContract
          ? getAddress(transaction.createdContract)
          : '',
      nonce: transaction.nonce,
      chain,
      blockNumber: transaction.blockNumber,
    },
    transfers: moved.map(({ transfer, direction }) =>
      toHistoryTransfer({
        transfer,
        direction,
        chainId: network.id,
        nativeCurrency: network.nativeCurrency,
        assets,
        apiOrigin,
        imageQuery,
      }),
    ),
  }
}
