import type { HistoryResponse, HistoryTransaction, HistoryTransfer } from '@latch/api-contract'
import { formatUnits } from 'viem'
import { InvalidCursorError } from '../../errors/history.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { balancesCacheTtlMs } from '../getBalances.ts'
import type { SolanaRpcClient } from './createSolanaRpcClient.ts'
import type { SolanaApiNetwork } from './solanaNetwork.ts'

type SignatureInfo = { signature: string; slot: number; err: unknown; blockTime: number | null }
type TokenBalanceEntry = {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string; decimals: number }
}
/** `getTransaction` with `encoding: "json"` (the fields read). */
type SolanaTransaction = {
  slot: number
  blockTime: number | null
  meta: {
    err: unknown
    fee: number
    preBalances: number[]
    postBalances: number[]
    preTokenBalances?: TokenBalanceEntry[] | null
    postTokenBalances?: TokenBalanceEntry[] | null
    loadedAddresses?: { writable: string[]; readonly: string[] } | null
  } | null
  transaction: { message: { accountKeys: string[] } }
}

/** Transactions read at once from the node for one page. */
const fetchConcurrency = 5

/**
 * One page of a Solana account's activity, newest first, from the chain:
 * `getSignaturesForAddress` (`before` = the cursor) then `getTransaction` of each, mapped to
 * the history shape: the SOL moved (the fee left out for the payer) and each SPL mint's
 * change for the account's token accounts. `next` is the page's last signature when the page
 * is full. Pages are cached 30 s.
 */
export async function getSolanaHistory(
  { rpc, cache }: { rpc: SolanaRpcClient; cache: CacheStore },
  {
    address,
    network,
    cursor,
    limit,
  }: { address: string; network: SolanaApiNetwork; cursor?: string | undefined; limit: number },
): Promise<HistoryResponse> {
  // A Solana cursor is the previous page's last transaction signature (base58, 64 bytes).
  if (cursor !== undefined && !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(cursor))
    throw new InvalidCursorError()
  const key = `history:v1:${network.caipNetworkId}:${address}:${cursor ?? ''}:${limit}`
  const cached = await cache.get<HistoryResponse>(key)
  if (cached) return cached
  const signatures = await rpc<SignatureInfo[]>('getSignaturesForAddress', [
    address,
    { limit, commitment: 'confirmed', ...(cursor ? { before: cursor } : {}) },
  ])
  const transactions: (SolanaTransaction | null)[] = []
  for (let start = 0; start < signatures.length; start += fetchConcurrency)
    transactions.push(
      ...(await Promise.all(
        signatures
          .slice(start, start + fetchConcurrency)
          .map((info) =>
            rpc<SolanaTransaction | null>('getTransaction', [
              info.signature,
              { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
            ]),
          ),
      )),
    )
  const data = signatures.flatMap((info, index) => {
    const transaction = transactions[index]
    return transaction ? [toHistoryTransaction(network, address, info, transaction)] : []
  })
  const page: HistoryResponse = {
    data,
    next: signatures.length === limit ? (signatures.at(-1)?.signature ?? null) : null,
  }
  await cache.set(key, page, balancesCacheTtlMs)
  return page
}

function toHistoryTransaction(
  network: SolanaApiNetwork,
  address: string,
  info: SignatureInfo,
  { slot, blockTime, meta, transaction }: SolanaTransaction,
): HistoryTransaction {
  const keys = [
    ...transaction.message.accountKeys,
    ...(meta?.loadedAddresses?.writable ?? []),
    ...(meta?.loadedAddresses?.readonly ?? []),
  ]
  const payer = keys[0] ?? address
  const transfers: HistoryTransfer[] = []
  let counterparty: string | undefined

  // SOL: the account's balance change, the fee added back when it paid it.
  const index = keys.indexOf(address)
  if (meta && index >= 0) {
    let delta = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0)
    if (index === 0) delta += BigInt(meta.fee)
    if (delta !== 0n) {
      transfers.push(
        toTransfer(delta, network.nativeCurrency.decimals, {
          name: network.nativeCurrency.name,
          symbol: network.nativeCurrency.symbol,
          address: `${network.caipNetworkId}:native`,
        }),
      )
      counterparty = keys.find(
        (other, otherIndex) =>
          other !== address &&
          (BigInt(meta.postBalances[otherIndex] ?? 0) - BigInt(meta.preBalances[otherIndex] ?? 0)) *
            delta <
            0n,
      )
    }
  }

  // SPL: per mint, the change of the token accounts the address owns.
  const tokenDeltas = new Map<string, { delta: bigint; decimals: number }>()
  const otherOwners = new Map<string, bigint>()
  for (const [sign, entries] of [
    [-1n, meta?.preTokenBalances ?? []],
    [1n, meta?.postTokenBalances ?? []],
  ] as const)
    for (const entry of entries) {
      const amount = BigInt(entry.uiTokenAmount.amount) * sign
      if (entry.owner === address) {
        const current = tokenDeltas.get(entry.mint)
        tokenDeltas.set(entry.mint, {
          delta: (current?.delta ?? 0n) + amount,
          decimals: entry.uiTokenAmount.decimals,
        })
      } else if (entry.owner)
        otherOwners.set(entry.owner, (otherOwners.get(entry.owner) ?? 0n) + amount)
    }
  for (const [mint, { delta, decimals }] of tokenDeltas) {
    if (delta === 0n) continue
    const token = network.tokens.find((candidate) => candidate.mint === mint)
    transfers.push(
      toTransfer(delta, decimals, {
        name: token?.name ?? 'SPL token',
        symbol: token?.symbol ?? mint.slice(0, 4),
        address: `${network.caipNetworkId}:${mint}`,
      }),
    )
    counterparty ??= [...otherOwners].find(([, change]) => change * delta < 0n)?.[0]
  }

  const sent = transfers.some((transfer) => transfer.direction === 'out')
  const received = transfers.some((transfer) => transfer.direction === 'in')
  return {
    id: info.signature,
    metadata: {
      operationType: sent ? 'send' : received ? 'receive' : 'execute',
      status: meta?.err || info.err ? 'failed' : 'confirmed',
      hash: info.signature,
      minedAt: new Date((blockTime ?? info.blockTime ?? 0) * 1000).toISOString(),
      sentFrom: sent ? address : received ? (counterparty ?? payer) : payer,
      sentTo: sent ? (counterparty ?? payer) : address,
      // Solana transactions have no account nonce.
      nonce: 0,
      chain: network.caipNetworkId,
      blockNumber: slot,
    },
    transfers,
  }
}

function toTransfer(
  delta: bigint,
  decimals: number,
  fungible: { name: string; symbol: string; address: string },
): HistoryTransfer {
  return {
    direction: delta > 0n ? 'in' : 'out',
    quantity: { numeric: formatUnits(delta > 0n ? delta : -delta, decimals) },
    fungible_info: fungible,
  }
}
