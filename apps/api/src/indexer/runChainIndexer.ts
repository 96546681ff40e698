import {
  type Hex,
  HttpRequestError,
  TimeoutError as HttpTimeoutError,
  hexToNumber,
  numberToHex,
  type PublicClient,
  type RpcBlock,
  RpcRequestError,
  BaseError as ViemBaseError,
} from 'viem'
import type { LatchDb } from '../db/createDatabase.ts'
import {
  BlockRangeChangedError,
  ChainIdMismatchError,
  CheckpointMovedError,
  NodeBehindError,
  ReorgUnprovenError,
} from '../errors/indexer.ts'
import type { Logger } from '../logger.ts'
import { batchOfItsOwn } from './batchOfItsOwn.ts'
import { type Checkpoint, createIndexerStore } from './createIndexerStore.ts'
import type { Lease } from './createLeadership.ts'
import { type FetchBlockRangeReturnType, fetchBlockRange } from './fetchBlockRange.ts'
import { fetchTokenMetadata } from './fetchTokenMetadata.ts'
import { mapWithConcurrency } from './mapWithConcurrency.ts'
import { proveReorg } from './proveReorg.ts'
import { isResponseTooLarge } from './requestInBatches.ts'
import { sleep } from './sleep.ts'

/** What one chain's indexer is doing, for `status()` and the logs. */
export type ChainIndexerStatus = {
  chainId: number
  /** `standby`: another API process indexes this chain; this one only serves reads. */
  role: 'leader' | 'standby' | 'stopped'
  state: 'starting' | 'catching-up' | 'following' | 'error'
  /** The last block written in full (the checkpoint). */
  indexedBlock: number | null
  headBlock: number | null
  /** Reorgs rolled back (each one proven by the RPC). */
  reorgs: number
  /** Full resets: only after a new genesis (a devnet restarted). */
  resets: number
  lastError: string | null
}

export type RunChainIndexerParameters = {
  db: LatchDb
  client: PublicClient
  chainId: number
  /** Where a chain without a checkpoint starts: block 0, or the head at first start. */
  startFrom: 'genesis' | 'latest'
  log: Logger
  pollingIntervalMs: number
  /** The most blocks one `eth_getLogs` covers (halved while the RPC refuses a range). */
  maxBlocksPerRange: number
  /** Blocks kept for the reorg check; a deeper reorg stops indexing (nothing is deleted). */
  keepBlocks: number
  /** The longest wait between retries while the RPC fails or disagrees (default 30000 ms). */
  maxBackoffMs?: number | undefined
  /** Updated in place as the indexer works. */
  status: ChainIndexerStatus
  signal: AbortSignal
  lease: Lease
}

/** Why `runChainIndexer` returned: `halted` (the RPC serves another chain) is for good. */
export type RunChainIndexerReturnType = 'aborted' | 'lease-lost' | 'halted'

/**
 * Indexes one chain while this process holds its lease: from the checkpoint (or `startFrom`)
 * up to the head in ranges, then block by block as the chain grows. It deletes indexed blocks
 * only on proof: a rollback when the RPC proves a reorg (`proveReorg`), a full reset when block
 * 0 differs from the stored genesis, each after checking `eth_chainId`. A lagging node, a
 * missing block or log, or nodes that disagree with one another are waited out with a growing,
 * capped delay. Returns when `signal` aborts, the lease is lost, or the RPC answers another
 * chain id (then the chain stays stopped); other failures are logged and retried, never thrown.
 */
export async function runChainIndexer(
  parameters: RunChainIndexerParameters,
): Promise<RunChainIndexerReturnType> {
  const { db, client, chainId, startFrom, log, pollingIntervalMs, status, signal, lease } =
    parameters
  const maxBackoffMs = parameters.maxBackoffMs ?? 30_000
  const store = createIndexerStore(db, { chainId })
  const knownTokens = new Set<Hex>()
  let blockReceipts = true
  let traces = true
  // The most blocks a range may hold: halved while the RPC refuses ranges, answers more than
  // the client accepts, or times out; doubled back after each range written.
  let range = parameters.maxBlocksPerRange
  // Busy blocks make smaller ranges, so memory stays bounded and several ranges are read while
  // one is written. The first range is one block, a probe of the load; each next one may be at
  // most twice the last one's size (a run of empty blocks says nothing about the busy ones
  // after, and ranges read ahead in parallel must not all be sized by them).
  let rangeByLoad = 1
  let failures = 0
  let caughtUp = false
  // Each kind of failure is logged at most once a minute: a balancer flipping between nodes
  // fails and recovers every few polls, and must not flood the logs.
  const loggedAt = new Map<string, number>()
  let reportedFailure = false

  const blockHashAt = async (blockNumber: number) => {
    const block = (await client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(blockNumber), false],
    })) as RpcBlock | null
    return block?.hash?.toLowerCase() as Hex | undefined
  }

  /** Stops for good (ChainIdMismatchError) when the RPC serves another chain. */
  const checkChainId = async () => {
    const rpcChainId = hexToNumber((await client.request({ method: 'eth_chainId' })) as Hex)
    if (rpcChainId !== chainId) throw new ChainIdMismatchError({ chainId, rpcChainId })
  }

  /** Block 0's hash as the RPC has it now; read at start, stored with the checkpoint. */
  let genesisHash: Hex | undefined

  /**
   * The RPC disagrees with the checkpoint (or cannot confirm it). Deletes only on proof: a new
   * genesis resets the chain, a proven reorg rolls back to the common ancestor; otherwise it
   * throws, and the loop backs off and asks again.
   */
  const reconcile = async (checkpoint: Checkpoint, head: number) => {
    const genesisNow = await blockHashAt(0)
    if (checkpoint.genesisHash && genesisNow && genesisNow !== checkpoint.genesisHash) {
      await checkChainId()
      // Read twice: one answer from one node of a balancer is not enough to forget a chain.
      if ((await blockHashAt(0)) !== genesisNow)
        throw new ReorgUnprovenError({ chainId, reason: 'its genesis block changes between reads' })
      await store.reset()
      knownTokens.clear()
      genesisHash = genesisNow
      status.resets++
      status.indexedBlock = null
      log.warn(
        `Chain eip155:${chainId} restarted from a new genesis: indexing it again from its start block.`,
      )
      return
    }
    if (head < checkpoint.blockNumber)
      throw new NodeBehindError({ chainId, headBlock: head, indexedBlock: checkpoint.blockNumber })
    const ancestor = await proveReorg(client, {
      chainId,
      blocks: await store.listRecentBlocks(),
      checkpoint,
    })
    await checkChainId()
    await store.rollback(ancestor)
    knownTokens.clear()
    status.reorgs++
    status.indexedBlock = ancestor.number
    log.warn(
      `Reorg on chain eip155:${chainId}: rolled back ${checkpoint.blockNumber - ancestor.number} block(s) to block ${ancestor.number}.`,
    )
  }

  const ensureTokenMetadata = async (data: FetchBlockRangeReturnType) => {
    const wanted = new Map<Hex, 'erc20' | 'erc721'>()
    for (const transfer of data.transfers)
      if (transfer.kind !== 'native' && !knownTokens.has(transfer.contract))
        wanted.set(transfer.contract, wanted.get(transfer.contract) ?? transfer.kind)
    if (wanted.size === 0) return
    for (const address of await store.listKnownTokens([...wanted.keys()])) {
      knownTokens.add(address)
      wanted.delete(address)
    }
    const fetched = await mapWithConcurrency([...wanted], 8, ([address, kind]) =>
      fetchTokenMetadata(client, { address, kind }),
    )
    await store.saveTokens(fetched)
    for (const token of fetched) knownTokens.add(token.address)
  }

  /**
   * Reads exactly `fromBlock..toBlock`. A range the RPC refuses ("too many results") or answers
   * with more than the client accepts is read as two halves, and later ranges are smaller; a
   * timeout makes later ranges smaller and is thrown (the loop waits and asks again).
   */
  const fetchRange = async (
    fromBlock: number,
    toBlock: number,
  ): Promise<FetchBlockRangeReturnType> => {
    try {
      return await fetchBlockRange(client, {
        chainId,
        fromBlock,
        toBlock,
        blockReceipts,
        traces,
        // Its own signal: stopping cancels it, and its requests share no batch with another
        // range's (a batch of several ranges could be over the size limit when none alone is).
        signal: batchOfItsOwn(signal).signal,
      })
    } catch (error) {
      const size = toBlock - fromBlock + 1
      if (isTimeout(error)) range = Math.max(1, Math.min(range, Math.floor(size / 2)))
      if (size < 2 || !(isRpcRefusal(error) || isResponseTooLarge(error))) throw error
      const middle = fromBlock + Math.floor(size / 2)
      range = Math.max(1, Math.min(range, middle - fromBlock))
      const first = await fetchRange(fromBlock, middle - 1)
      const second = await fetchRange(middle, toBlock)
      return joinRanges(chainId, first, second)
    }
  }

  /** One pass: check the checkpoint, then write ranges up to the head seen at the start. */
  const indexToHead = async () => {
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    status.headBlock = head
    let checkpoint = await store.getCheckpoint()
    status.indexedBlock = checkpoint?.blockNumber ?? null
    if (checkpoint && head <= checkpoint.blockNumber) {
      // Nothing new: still make sure the indexed tip is on the chain (a same-height reorg).
      const onChain = head === checkpoint.blockNumber && (await blockHashAt(head))
      if (onChain !== checkpoint.blockHash) await reconcile(checkpoint, head)
      else status.state = 'following'
      return
    }
    const startBlock = checkpoint?.startBlock ?? (startFrom === 'genesis' ? 0 : head)
    const from = checkpoint ? checkpoint.blockNumber + 1 : startBlock
    status.state = head - from + 1 > parameters.maxBlocksPerRange ? 'catching-up' : 'following'

    // Up to `rangesAhead` ranges are read while the oldest one is written, in chain order.
    const window: Promise<FetchBlockRangeReturnType>[] = []
    let next = from
    const readAhead = () => {
      while (window.length < rangesAhead && next <= head) {
        const toBlock = Math.min(head, next + Math.min(range, rangeByLoad) - 1)
        const read = fetchRange(next, toBlock)
        // Awaited in order below; one abandoned after a failure must not surface unhandled.
        read.catch(() => {})
        window.push(read)
        next = toBlock + 1
      }
    }
    readAhead()
    while (window.length > 0 && !signal.aborted) {
      const data = await (window.shift() as Promise<FetchBlockRangeReturnType>)
      const first = data.blocks[0]
      const last = data.blocks.at(-1)
      if (!first || !last) return
      const size = data.blocks.length
      const perBlock = (data.transactions.length + data.transfers.length) / size
      rangeByLoad = Math.max(
        1,
        Math.min(
          parameters.maxBlocksPerRange,
          size * 2,
          Math.floor(rowsPerRange / Math.max(1, perBlock)),
        ),
      )
      readAhead()
      if (blockReceipts && !data.blockReceiptsSupported) {
        blockReceipts = false
        log.info(
          `The RPC of chain eip155:${chainId} has no eth_getBlockReceipts: receipts are read one transaction at a time.`,
        )
      }
      if (traces && !data.tracesSupported) {
        traces = false
        log.info(
          `The RPC of chain eip155:${chainId} has no trace_block: blocks with transactions are read in full.`,
        )
      }
      if (checkpoint && first.parentHash !== checkpoint.blockHash) {
        await reconcile(checkpoint, head)
        return
      }
      await ensureTokenMetadata(data)
      checkpoint = await store.writeBlockRange({
        expected: checkpoint,
        startBlock,
        data,
        keepBlocks: parameters.keepBlocks,
        genesisHash,
      })
      status.indexedBlock = checkpoint.blockNumber
      if (range < parameters.maxBlocksPerRange)
        range = Math.min(parameters.maxBlocksPerRange, range * 2)
    }
  }

  let started = false
  while (!signal.aborted) {
    if (!(await lease.check())) {
      log.warn(`Lost the indexer lease of chain eip155:${chainId}; another process may take over.`)
      return 'lease-lost'
    }
    try {
      if (!started) {
        await checkChainId()
        genesisHash = await blockHashAt(0)
        started = true
      }
      await indexToHead()
      if (!caughtUp && status.indexedBlock !== null && status.indexedBlock === status.headBlock) {
        caughtUp = true
        log.info(`Indexed chain eip155:${chainId} up to its head, block ${status.indexedBlock}.`)
      }
      if (reportedFailure)
        log.info(`Indexer for chain eip155:${chainId} resumed at block ${status.indexedBlock}.`)
      failures = 0
      reportedFailure = false
      status.lastError = null
      await sleep(pollingIntervalMs, signal)
    } catch (error) {
      // Stopping cancels the reads in flight: that is no failure to report.
      if (signal.aborted) break
      const message = describeError(error)
      if (error instanceof ChainIdMismatchError) {
        status.state = 'error'
        status.lastError = message
        log.error(error.shortMessage, { hint: error.metaMessages.join(' ') })
        return 'halted'
      }
      failures++
      // The chain moved while a range was read, or a reorg is being handled: read again soon,
      // and only back off (and report) when it keeps happening.
      const transient =
        error instanceof BlockRangeChangedError || error instanceof CheckpointMovedError
      if (!transient || failures > 3) {
        status.state = 'error'
        status.lastError = message
        const kind = error instanceof Error ? error.name : 'unknown'
        if (Date.now() - (loggedAt.get(kind) ?? Number.NEGATIVE_INFINITY) >= logRepeatMs) {
          log.warn(`Indexer for chain eip155:${chainId} failed; retrying.`, { error: message })
          loggedAt.set(kind, Date.now())
          reportedFailure = true
        }
      }
      const base = transient ? Math.min(pollingIntervalMs, 250) : pollingIntervalMs * 2
      await sleep(Math.min(maxBackoffMs, base * 2 ** Math.min(failures - 1, 10)), signal)
    }
  }
  return 'aborted'
}

/** How often one kind of failure may be logged again while it lasts. */
const logRepeatMs = 60_000

/**
 * About how many transactions and transfers one range should carry while catching up: with
 * the ranges read ahead, a few tens of thousands of rows in memory. Half as many ranges as at
 * 4,000 rows halves each range's fixed costs (the senders' nonce counts, the transaction and
 * checkpoint): 50 blocks of 500 transfers on PostgreSQL 35-36 -> 52-54 blocks/s, same run.
 */
export const rowsPerRange = 8_000

/** Ranges read ahead of the writer: enough to keep the RPC busy, few enough to bound memory. */
const rangesAhead = 3

/** Two ranges read one after the other as one, refused when the second does not follow. */
function joinRanges(
  chainId: number,
  first: FetchBlockRangeReturnType,
  second: FetchBlockRangeReturnType,
): FetchBlockRangeReturnType {
  const next = second.blocks[0]
  if (next && next.parentHash !== first.blocks.at(-1)?.hash)
    throw new BlockRangeChangedError({ chainId, blockNumber: next.number })
  return {
    blocks: [...first.blocks, ...second.blocks],
    transactions: [...first.transactions, ...second.transactions],
    transfers: [...first.transfers, ...second.transfers],
    blockReceiptsSupported: first.blockReceiptsSupported && second.blockReceiptsSupported,
    tracesSupported: first.tracesSupported && second.tracesSupported,
    reads: {
      fullBlocks: first.reads.fullBlocks + second.reads.fullBlocks,
      traceBlocks: first.reads.traceBlocks + second.reads.traceBlocks,
      nonceCounts: first.reads.nonceCounts + second.reads.nonceCounts,
      blockReceipts: first.reads.blockReceipts + second.reads.blockReceipts,
      transactionReceipts: first.reads.transactionReceipts + second.reads.transactionReceipts,
    },
  }
}

/**
 * The RPC took longer than the client's timeout to answer: viem's TimeoutError, or the
 * DOMException of the same name when the timeout fell while the answer was being read
 * (`fetchWithTimeout`).
 */
function isTimeout(error: unknown): boolean {
  return (
    error instanceof ViemBaseError &&
    Boolean(
      error.walk(
        (cause) =>
          cause instanceof HttpTimeoutError ||
          (cause instanceof Error && cause.name === 'TimeoutError'),
      ),
    )
  )
}

/** The RPC answered the request with a JSON-RPC error (not a network failure). */
function isRpcRefusal(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return false
  if (error.walk((cause) => cause instanceof HttpRequestError)) return false
  return Boolean(error.walk((cause) => cause instanceof RpcRequestError))
}

/** One line without URLs or keys: viem's and the API's short messages. */
function describeError(error: unknown): string {
  if (error instanceof Error)
    return `${error.name}: ${'shortMessage' in error ? String(error.shortMessage) : error.message}`
  return String(error)
}
