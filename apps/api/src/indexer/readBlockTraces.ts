import {
  type Hex,
  HttpRequestError,
  numberToHex,
  type PublicClient,
  RpcRequestError,
  BaseError as ViemBaseError,
} from 'viem'
import { BlockRangeChangedError } from '../errors/indexer.ts'
import { batchOfItsOwn } from './batchOfItsOwn.ts'
import { mapWithConcurrency } from './mapWithConcurrency.ts'
import { type BlockHeader, planFullBlocks } from './planBlockRange.ts'
import { requestInBatches } from './requestInBatches.ts'

/** What the index keeps of a transaction before its receipt, from a full block or a trace. */
export type SourceTransaction = {
  /** Lowercase, like every hash and address here. */
  hash: Hex
  txIndex: number
  from: Hex
  /** null for a contract creation. */
  to: Hex | null
  nonce: number
  value: bigint
  /** The first four bytes of the input; null when there is none. */
  methodId: Hex | null
}

/** A header as the range read it, with its parent (the nonce counts are read at both hashes). */
export type TracedBlockHeader = BlockHeader & { parentHash: Hex }

export type ReadBlockTracesParameters = {
  chainId: number
  /** Lowercase hashes; blocks without transactions are skipped. */
  headers: readonly TracedBlockHeader[]
  /** Transactions per batch of `trace_block` requests (a bigger block goes alone). */
  transactionsPerBatch: number
  options?: { signal: AbortSignal } | undefined
}

export type ReadBlockTracesReturnType = {
  /** False when the RPC refused `trace_block`: every block must be read in full. */
  supported: boolean
  /** The blocks served, by number; the others must be read in full. */
  transactions: Map<number, SourceTransaction[]>
  reads: { traceBlocks: number; nonceCounts: number }
}

type TopLevelTrace = {
  type: string
  action: { from?: Hex; to?: Hex | null; value?: Hex; input?: Hex; init?: Hex }
  blockHash?: Hex
  traceAddress?: readonly number[]
  transactionHash?: Hex | null
  transactionPosition?: number | null
}

/** Nonce counts per JSON-RPC batch (a few dozen bytes each way). */
const countsPerBatch = 500

/**
 * `trace_block` batches of one range in flight at once: a busy range (8,000 rows) has about
 * four, and a burst stays bounded when blocks are far bigger than the range was sized for.
 */
const traceBatchesInFlight = 4

/**
 * Reads what the index keeps of each transaction of `headers` without the full blocks: a node
 * builds a full block's transactions by recovering every sender from its signature (anvil
 * takes ~0.2 ms per transaction), while `trace_block` lists the senders it kept from executing
 * them. Each transaction's top-level call gives its sender, recipient (none for a creation),
 * value and input. Traces carry no nonce: it is read as the sender's transaction count before
 * and after (EIP-1898, by hash, so a reorg cannot mix two chains). A sender's count rises by
 * at least one per transaction it sends, so when it rose by exactly the number of its
 * transactions, those carry the counts in order. The counts are read once for the whole range
 * (at the parent of its first block with transactions and at its last), and only when some
 * sender's total rise is not exact, block by block; a block whose count rose by more (an
 * EIP-7702 authorization, a delegated account's CREATE) or when the node keeps no state that
 * old, is left out and read in full. Traces that do not list exactly the header's
 * transactions leave the block out too; a trace of another block hash is a reorg.
 */
export async function readBlockTraces(
  client: PublicClient,
  { chainId, headers, transactionsPerBatch, options }: ReadBlockTracesParameters,
): Promise<ReadBlockTracesReturnType> {
  // Methods viem's public schema does not type (`trace_block`, EIP-1898 block parameters).
  const request = client.request as unknown as (
    args: { method: string; params: unknown[] },
    options?: { signal: AbortSignal },
  ) => Promise<unknown>
  const transactions = new Map<number, SourceTransaction[]>()
  const reads = { traceBlocks: 0, nonceCounts: 0 }
  const headerOf = new Map(headers.map((header) => [header.number, header]))
  const batches = planFullBlocks(headers, transactionsPerBatch)
  const traced: { header: TracedBlockHeader; transactions: SourceTransaction[] }[] = []
  try {
    // Several batches at once, each in an HTTP request of its own (the batches keep each answer
    // under the client's size limit): a busy range's traces in one round trip, not one per batch.
    const answered = await mapWithConcurrency(batches, traceBatchesInFlight, (batch) => {
      reads.traceBlocks += batch.length
      const batchOptions = batchOfItsOwn(options?.signal)
      return requestInBatches(
        batch.map(
          (number) => () =>
            request(
              { method: 'trace_block', params: [numberToHex(number)] },
              batchOptions,
            ) as Promise<TopLevelTrace[] | null>,
        ),
        batch.length,
      )
    })
    answered.forEach((answers, batchIndex) => {
      const batch = batches[batchIndex] as number[]
      answers.forEach((answer, index) => {
        const header = headerOf.get(batch[index] as number) as TracedBlockHeader
        const read = fromTraces(chainId, header, answer)
        if (read) traced.push({ header, transactions: read })
      })
    })
  } catch (error) {
    if (!isRefusal(error)) throw error
    return { supported: false, transactions, reads }
  }

  const key = (sender: Hex, blockHash: Hex) => `${sender}:${blockHash}`
  const counts = new Map<string, number>()
  /** Reads the (sender, block hash) counts not read yet; false when the RPC refuses them. */
  const readCounts = async (pairs: Iterable<readonly [Hex, Hex]>): Promise<boolean> => {
    const wanted = new Map<string, { sender: Hex; blockHash: Hex }>()
    for (const [sender, blockHash] of pairs)
      if (!counts.has(key(sender, blockHash)))
        wanted.set(key(sender, blockHash), { sender, blockHash })
    try {
      const answers = await requestInBatches(
        [...wanted.values()].map(
          ({ sender, blockHash }) =>
            () =>
              request(
                { method: 'eth_getTransactionCount', params: [sender, { blockHash }] },
                options,
              ) as Promise<Hex>,
        ),
        countsPerBatch,
      )
      reads.nonceCounts += wanted.size
      for (const [index, name] of [...wanted.keys()].entries())
        counts.set(name, Number(answers[index]))
      return true
    } catch (error) {
      // No state that old (a pruned node) or no EIP-1898: these blocks are read in full.
      if (!isRefusal(error)) throw error
      return false
    }
  }
  /**
   * Gives the transactions of `run` (consecutive traced blocks, in order) their nonces from each
   * sender's count at the parent of the first block, and says whether every sender's count at
   * the last block is exactly that plus its transactions in `run`. A count rises by at least one
   * per transaction sent and never falls, so an exact total means an exact rise in every block.
   */
  const assignNonces = (
    run: readonly { transactions: SourceTransaction[] }[],
    from: Hex,
    to: Hex,
  ) => {
    const next = new Map<Hex, number>()
    for (const { transactions: list } of run)
      for (const transaction of list) {
        const at = next.get(transaction.from) ?? counts.get(key(transaction.from, from))
        if (at === undefined || !Number.isSafeInteger(at)) return false
        transaction.nonce = at
        next.set(transaction.from, at + 1)
      }
    return [...next].every(([sender, after]) => after === counts.get(key(sender, to)))
  }

  // Every block with transactions traced (the usual case): two counts per sender for the whole
  // range, at the parent of its first such block and at its last (the blocks between without
  // transactions change no nonce).
  const busy = headers.filter((header) => header.transactions.length > 0)
  const first = traced[0]
  const last = traced.at(-1)
  if (
    first &&
    last &&
    traced.length > 1 &&
    traced.length === busy.length &&
    traced.every(({ header }, index) => header === busy[index])
  ) {
    const senders = new Set(
      traced.flatMap(({ transactions: list }) => list.map(({ from }) => from)),
    )
    const pairs = [...senders].flatMap((sender) => [
      [sender, first.header.parentHash] as const,
      [sender, last.header.hash] as const,
    ])
    if (!(await readCounts(pairs))) return { supported: true, transactions, reads }
    if (assignNonces(traced, first.header.parentHash, last.header.hash)) {
      for (const { header, transactions: list } of traced) transactions.set(header.number, list)
      return { supported: true, transactions, reads }
    }
  }

  // Otherwise block by block: each (sender, block hash) count asked once (one block's count is
  // the next block's starting count), and a block is served only when its own rise is exact.
  const pairs = traced.flatMap(({ header, transactions: list }) =>
    list.flatMap(({ from }) => [[from, header.parentHash] as const, [from, header.hash] as const]),
  )
  if (!(await readCounts(pairs))) return { supported: true, transactions, reads }
  for (const { header, transactions: list } of traced)
    if (assignNonces([{ transactions: list }], header.parentHash, header.hash))
      transactions.set(header.number, list)
  return { supported: true, transactions, reads }
}

/**
 * The block's transactions from its traces (nonce still to fill), or undefined when the
 * top-level traces are not exactly the header's transactions in order.
 */
function fromTraces(
  chainId: number,
  header: TracedBlockHeader,
  answer: TopLevelTrace[] | null,
): SourceTransaction[] | undefined {
  if (!Array.isArray(answer)) return undefined
  const topLevel = answer.filter(
    (trace) => trace.traceAddress?.length === 0 && typeof trace.transactionHash === 'string',
  )
  if (topLevel.length !== header.transactions.length) return undefined
  const list: SourceTransaction[] = []
  for (const [index, trace] of topLevel.entries()) {
    if (trace.blockHash?.toLowerCase() !== header.hash)
      throw new BlockRangeChangedError({ chainId, blockNumber: header.number })
    const hash = (trace.transactionHash as Hex).toLowerCase() as Hex
    if (hash !== header.transactions[index] || trace.transactionPosition !== index) return undefined
    const { action } = trace
    const input = trace.type === 'create' ? action.init : action.input
    const to = trace.type === 'call' ? action.to : trace.type === 'create' ? null : undefined
    if (
      to === undefined ||
      typeof action.from !== 'string' ||
      typeof action.value !== 'string' ||
      typeof input !== 'string'
    )
      return undefined
    list.push({
      hash,
      txIndex: index,
      from: action.from.toLowerCase() as Hex,
      to: (to?.toLowerCase() as Hex | undefined) ?? null,
      nonce: -1,
      value: BigInt(action.value),
      methodId: input.length >= 10 ? (input.slice(0, 10).toLowerCase() as Hex) : null,
    })
  }
  return list
}

/** The RPC answered with a JSON-RPC error (method missing, state pruned), not a failure to reach it. */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return false
  if (error.walk((cause) => cause instanceof HttpRequestError)) return false
  return Boolean(error.walk((cause) => cause instanceof RpcRequestError))
}
