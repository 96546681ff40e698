import {
  type Hex,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  numberToHex,
  type PublicClient,
  type RpcBlock,
  type RpcLog,
  type RpcTransaction,
  type RpcTransactionReceipt,
  BaseError as ViemBaseError,
} from 'viem'
import {
  BlockNotFoundError,
  BlockRangeChangedError,
  BlockRangeIncompleteError,
} from '../errors/indexer.ts'
import { decodeTransferLog, transferTopic } from './decodeTransferLog.ts'
import { mapWithConcurrency } from './mapWithConcurrency.ts'

export const zeroAddress: Hex = '0x0000000000000000000000000000000000000000'

export type IndexedBlock = { number: number; hash: Hex; parentHash: Hex; timestamp: number }

export type IndexedTransaction = {
  hash: Hex
  blockNumber: number
  txIndex: number
  blockTimestamp: number
  from: Hex
  /** null for a contract creation. */
  to: Hex | null
  createdContract: Hex | null
  nonce: number
  value: bigint
  /** The first four bytes of the input; null when there is none. */
  methodId: Hex | null
  status: 'confirmed' | 'failed'
}

export type IndexedTransfer = {
  txHash: Hex
  /** -1 for the native coin moved by the transaction itself. */
  logIndex: number
  blockNumber: number
  txIndex: number
  blockTimestamp: number
  kind: 'native' | 'erc20' | 'erc721'
  /** The token contract; the zero address for the native coin. */
  contract: Hex
  from: Hex
  to: Hex
  /** Base units; 1 for an ERC-721. */
  amount: bigint
  tokenId: bigint | null
}

/** Everything one block range adds to the index, lowercase, in chain order. */
export type BlockRangeData = {
  blocks: IndexedBlock[]
  transactions: IndexedTransaction[]
  transfers: IndexedTransfer[]
}

export type FetchBlockRangeParameters = {
  chainId: number
  fromBlock: number
  toBlock: number
  /** Read statuses with `eth_getBlockReceipts` (one call per block that has transactions). */
  receipts: boolean
  /** Block requests in flight at once (default 8): hides a remote RPC's latency. */
  concurrency?: number | undefined
}

export type FetchBlockRangeReturnType = BlockRangeData & {
  /** False when the RPC lacks `eth_getBlockReceipts`: statuses default to confirmed. */
  receiptsSupported: boolean
}

export type FetchBlockRangeErrorType =
  | BlockRangeChangedError
  | BlockNotFoundError
  | BlockRangeIncompleteError
  | ViemBaseError

/**
 * Reads blocks `fromBlock..toBlock` (with their transactions) and the range's Transfer logs in
 * one `eth_getLogs`, and checks that they describe one chain: each block's parent is the block
 * before it and every log names the hash of the block read. A mismatch means a reorg happened
 * between the calls, and the range is refused rather than written half old, half new. With
 * receipts, each block's Transfer logs must also match the ones its receipts hold: a node
 * answering no logs (or null) for blocks it has not finished is refused, never written short.
 */
export async function fetchBlockRange(
  client: PublicClient,
  { chainId, fromBlock, toBlock, receipts, concurrency = 8 }: FetchBlockRangeParameters,
): Promise<FetchBlockRangeReturnType> {
  const numbers = Array.from({ length: toBlock - fromBlock + 1 }, (_, index) => fromBlock + index)
  const [logs, rawBlocks] = await Promise.all([
    client.request({
      method: 'eth_getLogs',
      params: [
        {
          fromBlock: numberToHex(fromBlock),
          toBlock: numberToHex(toBlock),
          topics: [transferTopic],
        },
      ],
    }) as Promise<RpcLog[]>,
    mapWithConcurrency(numbers, concurrency, async (number) => {
      const block = (await client.request({
        method: 'eth_getBlockByNumber',
        params: [numberToHex(number), true],
      })) as RpcBlock<'latest', true> | null
      if (!block?.hash) throw new BlockNotFoundError({ chainId, blockNumber: number })
      return block
    }),
  ])

  if (!Array.isArray(logs)) throw new BlockRangeIncompleteError({ chainId, blockNumber: toBlock })

  const blocks: IndexedBlock[] = []
  const blocksByNumber = new Map<number, { hash: Hex; timestamp: number }>()
  for (const raw of rawBlocks) {
    const block: IndexedBlock = {
      number: Number(raw.number),
      hash: (raw.hash as Hex).toLowerCase() as Hex,
      parentHash: raw.parentHash.toLowerCase() as Hex,
      timestamp: Number(raw.timestamp),
    }
    const previous = blocks.at(-1)
    if (previous && block.parentHash !== previous.hash)
      throw new BlockRangeChangedError({ chainId, blockNumber: block.number })
    blocks.push(block)
    blocksByNumber.set(block.number, block)
  }

  let receiptsSupported = receipts
  const receiptsByHash = new Map<string, { failed: boolean; contractAddress: Hex | null }>()
  /** Transfer logs per block number, as the receipts list them. */
  const transferLogsInReceipts = new Map<number, number>()
  if (receipts) {
    const withTransactions = rawBlocks.filter((block) => block.transactions.length > 0)
    try {
      await mapWithConcurrency(withTransactions, concurrency, async (block) => {
        const blockReceipts = (await client.request({
          method: 'eth_getBlockReceipts',
          params: [block.hash as Hex],
        })) as RpcTransactionReceipt[] | null
        const blockNumber = Number(block.number)
        if (!blockReceipts) throw new BlockRangeChangedError({ chainId, blockNumber })
        if (blockReceipts.length !== block.transactions.length)
          throw new BlockRangeIncompleteError({ chainId, blockNumber })
        let transferLogs = 0
        for (const receipt of blockReceipts)
          for (const log of receipt.logs ?? [])
            if (log.topics[0]?.toLowerCase() === transferTopic) transferLogs++
        transferLogsInReceipts.set(blockNumber, transferLogs)
        for (const receipt of blockReceipts)
          receiptsByHash.set(receipt.transactionHash.toLowerCase(), {
            failed: receipt.status === '0x0',
            contractAddress: (receipt.contractAddress?.toLowerCase() as Hex | undefined) ?? null,
          })
      })
    } catch (error) {
      if (!isMethodMissing(error)) throw error
      receiptsSupported = false
      receiptsByHash.clear()
      transferLogsInReceipts.clear()
    }
  }

  const transactions: IndexedTransaction[] = []
  const transfers: IndexedTransfer[] = []
  for (const raw of rawBlocks) {
    const block = blocksByNumber.get(Number(raw.number)) as IndexedBlock
    for (const rawTransaction of raw.transactions as RpcTransaction[]) {
      const hash = rawTransaction.hash.toLowerCase() as Hex
      const receipt = receiptsByHash.get(hash)
      const transaction: IndexedTransaction = {
        hash,
        blockNumber: block.number,
        txIndex: Number(rawTransaction.transactionIndex),
        blockTimestamp: block.timestamp,
        from: rawTransaction.from.toLowerCase() as Hex,
        to: (rawTransaction.to?.toLowerCase() as Hex | undefined) ?? null,
        createdContract: receipt?.contractAddress ?? null,
        nonce: Number(rawTransaction.nonce),
        value: BigInt(rawTransaction.value),
        methodId:
          rawTransaction.input.length >= 10
            ? (rawTransaction.input.slice(0, 10).toLowerCase() as Hex)
            : null,
        status: receipt?.failed ? 'failed' : 'confirmed',
      }
      transactions.push(transaction)
      if (transaction.value > 0n && transaction.to)
        transfers.push({
          txHash: hash,
          logIndex: -1,
          blockNumber: block.number,
          txIndex: transaction.txIndex,
          blockTimestamp: block.timestamp,
          kind: 'native',
          contract: zeroAddress,
          from: transaction.from,
          to: transaction.to,
          amount: transaction.value,
          tokenId: null,
        })
    }
  }

  const transferLogsInRange = new Map<number, number>()
  for (const log of logs) {
    if (log.removed || log.blockNumber === null || log.transactionHash === null) continue
    const blockNumber = Number(log.blockNumber)
    const block = blocksByNumber.get(blockNumber)
    if (!block || block.hash !== log.blockHash?.toLowerCase())
      throw new BlockRangeChangedError({ chainId, blockNumber })
    transferLogsInRange.set(blockNumber, (transferLogsInRange.get(blockNumber) ?? 0) + 1)
    const decoded = decodeTransferLog(log)
    if (!decoded) continue
    transfers.push({
      txHash: log.transactionHash.toLowerCase() as Hex,
      logIndex: Number(log.logIndex),
      blockNumber,
      txIndex: Number(log.transactionIndex),
      blockTimestamp: block.timestamp,
      kind: decoded.kind,
      contract: log.address.toLowerCase() as Hex,
      from: decoded.from,
      to: decoded.to,
      amount: decoded.kind === 'erc20' ? decoded.amount : 1n,
      tokenId: decoded.kind === 'erc721' ? decoded.tokenId : null,
    })
  }

  for (const [blockNumber, expected] of transferLogsInReceipts)
    if ((transferLogsInRange.get(blockNumber) ?? 0) !== expected)
      throw new BlockRangeIncompleteError({ chainId, blockNumber })

  return { blocks, transactions, transfers, receiptsSupported }
}

/** The RPC does not offer the method (`eth_getBlockReceipts` is not universal). */
function isMethodMissing(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return false
  return Boolean(
    error.walk(
      (cause) =>
        cause instanceof MethodNotFoundRpcError || cause instanceof MethodNotSupportedRpcError,
    ),
  )
}
