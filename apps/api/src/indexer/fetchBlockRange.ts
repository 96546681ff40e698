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
import { batchOfItsOwn } from './batchOfItsOwn.ts'
import { decodeTransferLog, transferTopic } from './decodeTransferLog.ts'
import { planFullBlocks, planReceipts } from './planBlockRange.ts'
import {
  readBlockTraces,
  type SourceTransaction,
  type TracedBlockHeader,
} from './readBlockTraces.ts'
import { requestInBatches } from './requestInBatches.ts'

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
  /**
   * The RPC answers `eth_getBlockReceipts`: blocks where most transactions need a receipt read
   * them in one call. Without it, every receipt needed is read with `eth_getTransactionReceipt`.
   */
  blockReceipts: boolean
  /**
   * The RPC answers `trace_block`: blocks with transactions are read from their traces and the
   * senders' nonce counts (`readBlockTraces`) rather than in full, where those agree.
   */
  traces: boolean
  /** Transactions per batch of full blocks (default 1000; a bigger block goes alone). */
  transactionsPerBatch?: number | undefined
  /**
   * Cancels the reads. One signal per range also keeps each range's requests in JSON-RPC
   * batches of their own (viem batches the requests of one tick that share a signal).
   */
  signal?: AbortSignal | undefined
}

export type FetchBlockRangeReturnType = BlockRangeData & {
  /** False once the RPC refused `eth_getBlockReceipts` (the next ranges should not ask). */
  blockReceiptsSupported: boolean
  /** False once the RPC refused `trace_block` (the next ranges should not ask). */
  tracesSupported: boolean
  /** What was read beyond the headers and logs (for the logs, tests and benchmarks). */
  reads: {
    fullBlocks: number
    traceBlocks: number
    nonceCounts: number
    blockReceipts: number
    transactionReceipts: number
  }
}

export type FetchBlockRangeErrorType =
  | BlockRangeChangedError
  | BlockNotFoundError
  | BlockRangeIncompleteError
  | ViemBaseError

/** Headers per JSON-RPC batch (a header lists its transactions by hash: ~66 bytes each). */
const headersPerBatch = 100
/** Receipts per JSON-RPC batch (a few KB each). */
const receiptsPerBatch = 200
/** Whole blocks of receipts per JSON-RPC batch. */
const blockReceiptsPerBatch = 4

/**
 * Reads blocks `fromBlock..toBlock` for the index with as little as it needs: the headers
 * (transactions by hash) and the range's Transfer logs in one `eth_getLogs`, then in full only
 * the blocks that hold transactions, then receipts only for the transactions the logs say
 * nothing about (`planReceipts`), every kind of read in JSON-RPC batches (`requestInBatches`).
 * It checks that the answers describe one chain: each block's parent is the block before it,
 * the full block and every log and receipt name the hash of the header read. A mismatch means
 * a reorg happened between the calls, and the range is refused rather than written half old,
 * half new. A transaction whose receipt holds a Transfer log that `eth_getLogs` left out (a
 * node that has not finished indexing its logs) makes the range incomplete, never written short.
 */
export async function fetchBlockRange(
  client: PublicClient,
  {
    chainId,
    fromBlock,
    toBlock,
    blockReceipts,
    traces,
    transactionsPerBatch = 1_000,
    signal,
  }: FetchBlockRangeParameters,
): Promise<FetchBlockRangeReturnType> {
  const options = signal ? { signal } : undefined
  const numbers = Array.from({ length: toBlock - fromBlock + 1 }, (_, index) => fromBlock + index)
  // The headers in a batch of their own: batched with `eth_getLogs`, they would wait for the
  // slowest answer of the range, and the traces wait for them.
  const headerOptions = batchOfItsOwn(signal)
  const readBlock = async <full extends boolean>(number: number, full: full) => {
    const block = (await client.request(
      {
        method: 'eth_getBlockByNumber',
        params: [numberToHex(number), full],
      },
      full ? options : headerOptions,
    )) as RpcBlock<'latest', full> | null
    if (!block?.hash) throw new BlockNotFoundError({ chainId, blockNumber: number })
    return block
  }
  const headersRead = requestInBatches(
    numbers.map((number) => () => readBlock(number, false)),
    headersPerBatch,
  )
  // The traces need only the headers: they are read while `eth_getLogs` is still answering.
  const tracedRead = traces
    ? headersRead.then((headers) =>
        readBlockTraces(client, {
          chainId,
          headers: withTransactionsOf(headers),
          transactionsPerBatch,
          options,
        }),
      )
    : Promise.resolve(undefined)
  // Awaited below; abandoned when the headers or logs fail, it must not surface unhandled.
  tracedRead.catch(() => {})
  const [logs, headers] = await Promise.all([
    client.request(
      {
        method: 'eth_getLogs',
        params: [
          {
            fromBlock: numberToHex(fromBlock),
            toBlock: numberToHex(toBlock),
            topics: [transferTopic],
          },
        ],
      },
      options,
    ) as Promise<RpcLog[]>,
    headersRead,
  ])

  if (!Array.isArray(logs)) throw new BlockRangeIncompleteError({ chainId, blockNumber: toBlock })

  const blocks: IndexedBlock[] = []
  const blocksByNumber = new Map<number, IndexedBlock>()
  for (const raw of headers) {
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

  const withTransactions = withTransactionsOf(headers)
  const traced = await tracedRead
  const fullBatches = planFullBlocks(
    withTransactions.filter((header) => !traced?.transactions.has(header.number)),
    transactionsPerBatch,
  )
  const fullBlocks: RpcBlock<'latest', true>[] = []
  for (const batch of fullBatches)
    fullBlocks.push(
      ...(await requestInBatches(
        batch.map((number) => () => readBlock(number, true)),
        batch.length,
      )),
    )
  const sourceByBlock = new Map<number, SourceTransaction[]>(traced?.transactions)
  for (const raw of fullBlocks) {
    const number = Number(raw.number)
    if ((raw.hash as Hex).toLowerCase() !== blocksByNumber.get(number)?.hash)
      throw new BlockRangeChangedError({ chainId, blockNumber: number })
    sourceByBlock.set(
      number,
      (raw.transactions as RpcTransaction[]).map((transaction) => ({
        hash: transaction.hash.toLowerCase() as Hex,
        txIndex: Number(transaction.transactionIndex),
        from: transaction.from.toLowerCase() as Hex,
        to: (transaction.to?.toLowerCase() as Hex | undefined) ?? null,
        nonce: Number(transaction.nonce),
        value: BigInt(transaction.value),
        methodId:
          transaction.input.length >= 10
            ? (transaction.input.slice(0, 10).toLowerCase() as Hex)
            : null,
      })),
    )
  }
  /** The blocks with transactions, in chain order, each with its transactions in block order. */
  const sourceBlocks = withTransactions.map((header) => ({
    number: header.number,
    hash: header.hash,
    transactions: sourceByBlock.get(header.number) as SourceTransaction[],
  }))

  /** Transfer logs per transaction, as `eth_getLogs` lists them. */
  const transferLogsByTransaction = new Map<Hex, number>()
  for (const log of logs) {
    if (log.removed || log.blockNumber === null || log.transactionHash === null) continue
    const blockNumber = Number(log.blockNumber)
    const block = blocksByNumber.get(blockNumber)
    if (!block || block.hash !== log.blockHash?.toLowerCase())
      throw new BlockRangeChangedError({ chainId, blockNumber })
    const hash = log.transactionHash.toLowerCase() as Hex
    transferLogsByTransaction.set(hash, (transferLogsByTransaction.get(hash) ?? 0) + 1)
  }

  const receiptBlocks = sourceBlocks.map((block) => ({
    hash: block.hash,
    transactions: block.transactions.map(({ hash, to }) => ({ hash, to })),
  }))
  const blockOfTransaction = new Map<Hex, number>()
  for (const block of sourceBlocks)
    for (const transaction of block.transactions)
      blockOfTransaction.set(transaction.hash, block.number)
  const withTransferLogs = new Set(transferLogsByTransaction.keys())
  const plan = planReceipts({ blocks: receiptBlocks, withTransferLogs, blockReceipts })
  let blockReceiptsSupported = blockReceipts
  const receipts: RpcTransactionReceipt[] = []
  if (plan.blocks.length > 0) {
    try {
      const answers = await requestInBatches(
        plan.blocks.map((hash) => async () => {
          const answer = (await client.request(
            {
              method: 'eth_getBlockReceipts',
              params: [hash],
            },
            options,
          )) as RpcTransactionReceipt[] | null
          const block = sourceBlocks.find((source) => source.hash === hash)
          const blockNumber = Number(block?.number)
          if (!answer) throw new BlockRangeChangedError({ chainId, blockNumber })
          if (answer.length !== block?.transactions.length)
            throw new BlockRangeIncompleteError({ chainId, blockNumber })
          return answer
        }),
        blockReceiptsPerBatch,
      )
      receipts.push(...answers.flat())
    } catch (error) {
      if (!isMethodMissing(error)) throw error
      blockReceiptsSupported = false
      // The same receipts, one transaction at a time.
      const blocksLeft = receiptBlocks.filter((block) => plan.blocks.includes(block.hash))
      plan.transactions.push(
        ...planReceipts({ blocks: blocksLeft, withTransferLogs, blockReceipts: false })
          .transactions,
      )
      plan.blocks = []
    }
  }
  receipts.push(
    ...(await requestInBatches(
      plan.transactions.map((hash) => async () => {
        const answer = (await client.request(
          {
            method: 'eth_getTransactionReceipt',
            params: [hash],
          },
          options,
        )) as RpcTransactionReceipt | null
        const blockNumber = blockOfTransaction.get(hash) ?? toBlock
        if (!answer) throw new BlockRangeChangedError({ chainId, blockNumber })
        return answer
      }),
      receiptsPerBatch,
    )),
  )

  const receiptsByHash = new Map<string, { failed: boolean; contractAddress: Hex | null }>()
  for (const receipt of receipts) {
    const blockNumber = Number(receipt.blockNumber)
    if (receipt.blockHash?.toLowerCase() !== blocksByNumber.get(blockNumber)?.hash)
      throw new BlockRangeChangedError({ chainId, blockNumber })
    const hash = receipt.transactionHash.toLowerCase() as Hex
    let transferLogs = 0
    for (const log of receipt.logs ?? [])
      if (log.topics[0]?.toLowerCase() === transferTopic) transferLogs++
    if (transferLogs !== (transferLogsByTransaction.get(hash) ?? 0))
      throw new BlockRangeIncompleteError({ chainId, blockNumber })
    receiptsByHash.set(hash, {
      failed: receipt.status === '0x0',
      contractAddress: (receipt.contractAddress?.toLowerCase() as Hex | undefined) ?? null,
    })
  }

  const transactions: IndexedTransaction[] = []
  const transfers: IndexedTransfer[] = []
  for (const source of sourceBlocks) {
    const block = blocksByNumber.get(source.number) as IndexedBlock
    for (const sourceTransaction of source.transactions) {
      const { hash } = sourceTransaction
      const receipt = receiptsByHash.get(hash)
      const transaction: IndexedTransaction = {
        ...sourceTransaction,
        blockNumber: block.number,
        blockTimestamp: block.timestamp,
        createdContract: receipt?.contractAddress ?? null,
        // No receipt read: the transaction emitted a Transfer log, so it succeeded.
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

  for (const log of logs) {
    if (log.removed || log.blockNumber === null || log.transactionHash === null) continue
    const blockNumber = Number(log.blockNumber)
    const block = blocksByNumber.get(blockNumber) as IndexedBlock
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

  return {
    blocks,
    transactions,
    transfers,
    blockReceiptsSupported,
    tracesSupported: traced?.supported ?? false,
    reads: {
      fullBlocks: fullBlocks.length,
      traceBlocks: traced?.reads.traceBlocks ?? 0,
      nonceCounts: traced?.reads.nonceCounts ?? 0,
      blockReceipts: plan.blocks.length,
      transactionReceipts: plan.transactions.length,
    },
  }
}

/** The blocks that hold transactions, hashes lowercase, as `readBlockTraces` takes them. */
function withTransactionsOf(headers: readonly RpcBlock<'latest', false>[]): TracedBlockHeader[] {
  return headers
    .filter((raw) => raw.transactions.length > 0)
    .map((raw) => ({
      number: Number(raw.number),
      hash: (raw.hash as Hex).toLowerCase() as Hex,
      parentHash: raw.parentHash.toLowerCase() as Hex,
      transactions: (raw.transactions as Hex[]).map((hash) => hash.toLowerCase() as Hex),
    }))
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
