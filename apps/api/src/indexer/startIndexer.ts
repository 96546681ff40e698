import type { ChainClients } from '../createChainClients.ts'
import type { LatchDb } from '../db/createDatabase.ts'
import type { Logger } from '../logger.ts'
import type { ApiNetwork } from '../network.ts'
import { createLeadership, type Leadership } from './createLeadership.ts'
import { type ChainIndexerStatus, runChainIndexer } from './runChainIndexer.ts'
import { sleep } from './sleep.ts'

export type StartIndexerParameters = {
  db: LatchDb
  networks: readonly ApiNetwork[]
  /** One public client per network id (the chains without one are skipped). */
  clients: ChainClients
  log: Logger
  /** How often a caught-up indexer asks for new blocks (default 1000 ms). */
  pollingIntervalMs?: number | undefined
  /**
   * Where a chain seen for the first time starts: `genesis` (block 0, for devnets) or `latest`
   * (the head at first start: history from then on, for real networks). Default `latest`.
   */
  startFrom?: 'genesis' | 'latest' | undefined
  /** Blocks per `eth_getLogs` while catching up (default 500). */
  maxBlocksPerRange?: number | undefined
  /**
   * Recent blocks kept for reorg checks (default 1000): a deeper reorg pauses the chain with
   * DeepReorgError instead of deleting it (only a new genesis resets a chain).
   */
  keepBlocks?: number | undefined
  /** The longest wait between retries while an RPC fails or disagrees (default 30000 ms). */
  maxBackoffMs?: number | undefined
  /** Who indexes which chain; by default lease rows in PostgreSQL (PGlite: this process). */
  leadership?: Leadership | undefined
  /** How often a standby tries to take over a chain (default 5000 ms). */
  standbyRetryMs?: number | undefined
  /** Told after each committed range, rollback or reset of a chain (answers read before are stale). */
  onWrite?: ((chainId: number) => void) | undefined
}

export type StartIndexerReturnType = {
  /** Stops every chain's indexer after its current write and releases the leases. */
  stop(): Promise<void>
  /** A snapshot per chain: role, state, indexed and head block, reorgs, last error. */
  status(): ChainIndexerStatus[]
}

/**
 * Starts one indexer per configured chain in the background. Each one first takes the chain's
 * lease (one indexer per chain across API processes; the others stand by and only serve reads),
 * then follows the chain into the database. Nothing here blocks or fails the API: errors are
 * logged and retried.
 */
export function startIndexer(parameters: StartIndexerParameters): StartIndexerReturnType {
  const {
    db,
    networks,
    clients,
    log,
    pollingIntervalMs = 1_000,
    startFrom = 'latest',
    maxBlocksPerRange = 500,
    keepBlocks = 1_000,
    standbyRetryMs = 5_000,
  } = parameters
  const leadership = parameters.leadership ?? createLeadership(db)
  const controller = new AbortController()
  const { signal } = controller
  const statuses: ChainIndexerStatus[] = []

  const runs = networks.flatMap((network) => {
    const client = clients.get(network.id)
    if (!client) return []
    const status: ChainIndexerStatus = {
      chainId: network.id,
      role: 'standby',
      state: 'starting',
      indexedBlock: null,
      headBlock: null,
      reorgs: 0,
      resets: 0,
      lastError: null,
    }
    statuses.push(status)
    // The indexer sets `indexedBlock` right after each committed range, rollback or reset (and
    // from the checkpoint it reads): a new value means the indexed data changed.
    let indexedBlock: number | null = null
    Object.defineProperty(status, 'indexedBlock', {
      enumerable: true,
      get: () => indexedBlock,
      set: (block: number | null) => {
        if (block === indexedBlock) return
        indexedBlock = block
        parameters.onWrite?.(network.id)
      },
    })
    const lead = async () => {
      let announcedStandby = false
      while (!signal.aborted) {
        const lease = await leadership.acquire(network.id).catch((error: unknown) => {
          status.lastError = error instanceof Error ? error.message : String(error)
          return undefined
        })
        if (!lease) {
          status.role = 'standby'
          if (!announcedStandby && !status.lastError)
            log.info(`Another API process indexes chain eip155:${network.id}; standing by.`)
          announcedStandby = true
          await sleep(standbyRetryMs, signal)
          continue
        }
        status.role = 'leader'
        status.lastError = null
        let outcome: Awaited<ReturnType<typeof runChainIndexer>> | undefined
        try {
          outcome = await runChainIndexer({
            db,
            client,
            chainId: network.id,
            startFrom,
            log,
            pollingIntervalMs,
            maxBlocksPerRange,
            keepBlocks,
            maxBackoffMs: parameters.maxBackoffMs,
            status,
            signal,
            lease,
          })
        } finally {
          await lease.release().catch(() => {})
        }
        // The RPC serves another chain: this chain stays stopped (its error in the status).
        if (outcome === 'halted') break
      }
      status.role = 'stopped'
    }
    return [lead()]
  })

  let stopping: Promise<void> | undefined
  return {
    stop() {
      controller.abort()
      stopping ??= Promise.allSettled(runs).then(() => {})
      return stopping
    },
    status: () => statuses.map((status) => ({ ...status })),
  }
}
