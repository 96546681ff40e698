import type { HistoryResponse, HistoryTransaction } from '@latch/api-contract'
import { formatUnits } from 'viem'
import { InvalidCursorError } from '../../errors/history.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { balancesCacheTtlMs } from '../getBalances.ts'
import type { BitcoinApiNetwork } from './bitcoinNetwork.ts'
import type { EsploraClient } from './createEsploraClient.ts'

/** Esplora's transaction (the fields read). */
export type EsploraTransaction = {
  txid: string
  fee?: number
  status: { confirmed: boolean; block_height?: number; block_time?: number }
  vin: { prevout?: { scriptpubkey_address?: string; value: number } | null }[]
  vout: { scriptpubkey_address?: string; value: number }[]
}

/** Esplora answers 25 confirmed transactions per page. */
const esploraPageSize = 25

/**
 * One page of a Bitcoin address's activity, newest first, from Esplora: the first page is
 * `/address/:a/txs` (mempool, then the newest confirmed), the next ones
 * `/address/:a/txs/chain/:lastTxid`. Each transaction is one BTC transfer: what the address
 * received, or what it sent to others (fee excluded). Pages are cached 30 s.
 */
export async function getBitcoinHistory(
  { esplora, cache }: { esplora: EsploraClient; cache: CacheStore },
  {
    address,
    network,
    cursor,
    limit,
  }: { address: string; network: BitcoinApiNetwork; cursor?: string | undefined; limit: number },
): Promise<HistoryResponse> {
  // A Bitcoin cursor is the previous page's last confirmed txid.
  if (cursor !== undefined && !/^[0-9a-f]{64}$/.test(cursor)) throw new InvalidCursorError()
  const key = `history:v1:${network.caipNetworkId}:${address}:${cursor ?? ''}:${limit}`
  const cached = await cache.get<HistoryResponse>(key)
  if (cached) return cached
  const path = `/address/${encodeURIComponent(address)}/txs${cursor ? `/chain/${cursor}` : ''}`
  const answer = await esplora<EsploraTransaction[]>(path)
  const page = answer.slice(0, limit)
  const confirmed = page.filter((transaction) => transaction.status.confirmed)
  const more =
    page.length < answer.length ||
    answer.filter((transaction) => transaction.status.confirmed).length >= esploraPageSize
  const result: HistoryResponse = {
    data: page.map((transaction) => toHistoryTransaction(network, address, transaction)),
    next: more ? (confirmed.at(-1)?.txid ?? null) : null,
  }
  await cache.set(key, result, balancesCacheTtlMs)
  return result
}

function toHistoryTransaction(
  network: BitcoinApiNetwork,
  address: string,
  transaction: EsploraTransaction,
): HistoryTransaction {
  const spent = transaction.vin.reduce(
    (sum, input) =>
      input.prevout?.scriptpubkey_address === address ? sum + BigInt(input.prevout.value) : sum,
    0n,
  )
  const toOthers = transaction.vout.reduce(
    (sum, output) => (output.scriptpubkey_address !== address ? sum + BigInt(output.value) : sum),
    0n,
  )
  const received = transaction.vout.reduce(
    (sum, output) => (output.scriptpubkey_address === address ? sum + BigInt(output.value) : sum),
    0n,
  )
  const sending = spent > 0n
  const amount = sending ? toOthers : received
  const from = transaction.vin.find((input) => input.prevout?.scriptpubkey_address)?.prevout
    ?.scriptpubkey_address
  const to = sending
    ? (transaction.vout.find(
        (output) => output.scriptpubkey_address && output.scriptpubkey_address !== address,
      )?.scriptpubkey_address ?? address)
    : address
  return {
    id: transaction.txid,
    metadata: {
      operationType: sending ? (amount > 0n ? 'send' : 'execute') : 'receive',
      status: transaction.status.confirmed ? 'confirmed' : 'pending',
      hash: transaction.txid,
      minedAt: new Date(
        transaction.status.block_time ? transaction.status.block_time * 1000 : Date.now(),
      ).toISOString(),
      sentFrom: sending ? address : (from ?? 'coinbase'),
      sentTo: to,
      nonce: 0,
      chain: network.caipNetworkId,
      blockNumber: transaction.status.block_height ?? 0,
    },
    transfers:
      amount > 0n
        ? [
            {
              direction: sending ? 'out' : 'in',
              quantity: { numeric: formatUnits(amount, 8) },
              fungible_info: {
                name: network.nativeCurrency.name,
                symbol: network.nativeCurrency.symbol,
                address: `${network.caipNetworkId}:native`,
              },
            },
          ]
        : [],
  }
}
