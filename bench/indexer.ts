import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '@latch/config'
import autocannon from 'autocannon'
import pg from 'pg'
import { type Address, encodeFunctionData, numberToHex, type PublicClient, parseUnits } from 'viem'
import { type ChainClients, createChainClients } from '../apps/api/src/createChainClients.ts'
import { createDatabase, type Database } from '../apps/api/src/db/createDatabase.ts'
import { type Checkpoint, createIndexerStore } from '../apps/api/src/indexer/createIndexerStore.ts'
import { transferTopic } from '../apps/api/src/indexer/decodeTransferLog.ts'
import { type BlockRangeData, fetchBlockRange } from '../apps/api/src/indexer/fetchBlockRange.ts'
import { mapWithConcurrency } from '../apps/api/src/indexer/mapWithConcurrency.ts'
import { rowsPerRange } from '../apps/api/src/indexer/runChainIndexer.ts'
import { startIndexer } from '../apps/api/src/indexer/startIndexer.ts'
import {
  createTestChain,
  type TestChain,
  tokenAbi,
} from '../apps/api/src/indexer/testing/createTestChain.ts'
import type { ApiNetwork } from '../apps/api/src/network.ts'
import { type StartPostgresReturnType, startPostgres } from '../scripts/postgres.ts'

/**
 * Indexer throughput: packs ERC-20 transfers into blocks on a local anvil (automine off, one
 * `evm_mine` per block), then indexes the chain from scratch and prints, per database, blocks/s
 * (of the whole chain, and of the busy blocks alone: the chain starts with a dozen blocks that
 * deploy and mint the token) and transfers/s end to end, with the RPC reads alone and the database writes alone. Databases:
 * PGlite (a data directory, as the API uses it) and PostgreSQL (LATCH_BENCH_DATABASE_URL, or a
 * throwaway server started as `npm test` does). The RPC client is the API's indexer client
 * (10 s timeout, 2 retries, JSON-RPC batches), reading anvil at its own port, not through the
 * devnet's browser guard (a proxy that would run in this process).
 * Usage: npm run bench:indexer [-- --blocks 50 --transfers 500 --profile <dir>]
 * `--profile <dir>` writes a CPU profile of each database's writes-only and end-to-end runs
 * (`<database>-<phase>.cpuprofile`, for Chrome DevTools), the chain's building and the RPC
 * reads left out.
 * First it prints the machine's speed in this run as issue 17's table gave it (anvil's
 * `eth_getBalance` answers per second), so runs on machines of different speeds compare.
 */
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback
  if (!Number.isSafeInteger(value) || value < 1 || value > 100_000)
    throw new Error(`--${name} takes a whole number from 1 to 100000.`)
  return value
}
const profileIndex = process.argv.indexOf('--profile')
const profileDir = profileIndex > 0 ? process.argv[profileIndex + 1] : undefined
if (profileIndex > 0 && (!profileDir || profileDir.startsWith('--')))
  throw new Error('--profile takes a directory.')
const blocks = option('blocks', 50)
const transfersPerBlock = option('transfers', 500)
// Every setting checked once through the shared schema (a typo in a LATCH_* variable stops here).
const postgresUrl = loadConfig().LATCH_BENCH_DATABASE_URL

/** How long the end-to-end run may go without indexing a block before the bench fails. */
const stallMs = 60_000

const log = (line: string) => console.log(`bench:indexer ${line}`)
/** CPU time of this process (PGlite runs in it): steadier than wall time on a busy machine. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
const seconds = (ms: number) => (ms / 1000).toFixed(2)
/** A process's `/proc/<pid>/stat` fields after its command name, from field 3 (state) on. */
const statFields = (pid: string | number) =>
  readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)?.trim().split(' ') ?? []
/** utime + stime (fields 14 and 15) in ms, with cutime + cstime (16, 17) when `reaped`. */
const ticksMs = (fields: string[], reaped: boolean) =>
  (Number(fields[11]) +
    Number(fields[12]) +
    (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) *
  10
/** The ids of a process's children, all threads' (Linux `/proc`). */
const childrenOf = (pid: string | number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  )
/**
 * CPU time of this process's anvil children in ms (Linux `/proc`; undefined elsewhere): the
 * node's side of the RPC reads, which shares the machine's cores with the indexer.
 */
const anvilCpuMs = (): number | undefined => {
  try {
    let ms = 0
    for (const pid of childrenOf(process.pid))
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'anvil')
        ms += ticksMs(statFields(pid), false)
    return Number.isFinite(ms) ? ms : undefined
  } catch {
    return undefined
  }
}
/**
 * CPU time in ms of a process and all its descendants, those already ended included (a
 * PostgreSQL server: the postmaster and its backends); undefined where `/proc` cannot tell.
 */
const processTreeCpuMs = (root: number): number | undefined => {
  try {
    let ms = 0
    const queue: (string | number)[] = [root]
    for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
      // A backend may end between the listing and the read: it is then in its parent's cutime.
      try {
        ms += ticksMs(statFields(pid), true)
        queue.push(...childrenOf(pid))
      } catch (error) {
        if (pid === root) throw error
      }
    }
    return Number.isFinite(ms) ? ms : undefined
  } catch {
    return undefined
  }
}
/** The database server's CPU ms now, where it can be read (a throwaway server's). */
let serverCpuMs: () => number | undefined = () => undefined
/** CPU ms a process (read by `now`) used since `start`; undefined where either cannot be read. */
const cpuSince = (now: () => number | undefined, start: number | undefined) => {
  const at = now()
  return start === undefined || at === undefined ? undefined : at - start
}
/** ", x.xx s CPU in <where>" (nothing for a time that could not be read). */
const cpuNote = (ms: number | undefined, where: string) =>
  ms === undefined ? '' : `, ${seconds(ms)} s CPU in ${where}`

const chain = await createTestChain({ timeout: 10_000 })
// However the script ends, anvil ends with it (stop() signals the process synchronously).
process.once('exit', () => void chain.stop())
let postgres: StartPostgresReturnType | undefined
try {
  const started = performance.now()
  const { head, transfers } = await fillChain(chain)
  log(
    `chain: ${blocks} blocks x ${transfersPerBlock} ERC-20 transfers after ${head + 1 - blocks} set-up blocks (a token deployed and minted; head ${head}) built in ${seconds(performance.now() - started)} s`,
  )
  // The API's indexer clients (serveApi.ts): 10 s per request, 2 retries, JSON-RPC batches,
  // reading anvil at its own port. The test chain's published port is the devnet's browser
  // guard, a proxy running in this process; under `npm start` it runs in the devnet's process,
  // apart from the API, and a production RPC is another machine. Left in, every answer (35 MB
  // here) would also pass through the thread measured.
  log(
    `machine: anvil answers eth_getBalance at ${Math.round(await measureAnvilRate(chain.internalRpcUrl))}/s (10 connections, 3 s; issue 17's table was measured at ~20,000/s)`,
  )
  const network = { ...chain.network, rpcUrl: chain.internalRpcUrl }
  const clients = createChainClients([network], {
    timeout: 10_000,
    retryCount: 2,
    batch: true,
  })
  const client = clients.get(chain.chainId) as PublicClient

  // The RPC side alone: the chain read in ranges of the size the indexer settles on for such
  // blocks, three ranges in flight as the indexer reads ahead; kept for the write-only measure.
  // Read twice: as the indexer reads (traces and nonce counts where the RPC has `trace_block`)
  // and with every busy block read in full (an RPC without `trace_block`), for comparison.
  const rangeSize = Math.max(1, Math.floor(rowsPerRange / (2 * transfersPerBlock)))
  const starts = Array.from({ length: Math.ceil((head + 1) / rangeSize) }, (_, i) => i * rangeSize)
  const readChain = async (traces: boolean) => {
    // anvil's CPU time is read from /proc before the clock starts (a few ms of this thread).
    const anvilStarted = anvilCpuMs()
    const started = performance.now()
    const cpuStarted = cpuMs()
    const read = await mapWithConcurrency(starts, 3, (from) =>
      fetchBlockRange(client, {
        chainId: chain.chainId,
        fromBlock: from,
        toBlock: Math.min(head, from + rangeSize - 1),
        blockReceipts: true,
        traces,
      }),
    )
    const ms = performance.now() - started
    const cpu = cpuMs() - cpuStarted
    const reads = read.reduce(
      (sum, range) => ({
        fullBlocks: sum.fullBlocks + range.reads.fullBlocks,
        traceBlocks: sum.traceBlocks + range.reads.traceBlocks,
        nonceCounts: sum.nonceCounts + range.reads.nonceCounts,
        receipts: sum.receipts + range.reads.blockReceipts + range.reads.transactionReceipts,
      }),
      { fullBlocks: 0, traceBlocks: 0, nonceCounts: 0, receipts: 0 },
    )
    log(
      `RPC reads only${traces ? '' : ' (no trace_block: full blocks)'}: ${head + 1} headers, ${reads.traceBlocks} block traces, ${reads.nonceCounts} nonce counts, ${reads.fullBlocks} full blocks, ${reads.receipts} receipt reads, ${read.length} eth_getLogs in ${seconds(ms)} s = ${Math.round(((head + 1) * 1000) / ms)} blocks/s (${seconds(cpu)} s CPU in this process${cpuNote(cpuSince(anvilCpuMs, anvilStarted), 'anvil')})`,
    )
    return { ranges: read, ms }
  }
  let firstRead: { ranges: BlockRangeData[]; ms: number } | undefined = await readChain(true)
  await readChain(false)
  const timed = async (label: string, method: string, params: unknown[]) => {
    const at = performance.now()
    await chain.rpc(method, params)
    log(`  one ${label}: ${Math.round(performance.now() - at)} ms`)
  }
  await timed(`full block of ${transfersPerBlock} transactions`, 'eth_getBlockByNumber', [
    numberToHex(head),
    true,
  ])
  await timed(`trace_block of ${transfersPerBlock} transactions`, 'trace_block', [
    numberToHex(head),
  ])
  await timed('block header (transactions by hash)', 'eth_getBlockByNumber', [
    numberToHex(head),
    false,
  ])
  await timed(
    'block of receipts (not read: every transaction has a Transfer log)',
    'eth_getBlockReceipts',
    [numberToHex(head)],
  )
  await timed('eth_getLogs over the chain', 'eth_getLogs', [
    { fromBlock: '0x0', toBlock: numberToHex(head), topics: [transferTopic] },
  ])

  const databases: {
    label: string
    /** Whether the database runs in a server of its own (its CPU time read apart). */
    server?: boolean
    open: () => Promise<Database>
    cleanup: () => Promise<void>
  }[] = []
  const dataDir = mkdtempSync(join(tmpdir(), 'latch-bench-pglite-'))
  let pgliteRun = 0
  databases.push({
    label: 'PGlite',
    open: () => createDatabase({ dataDir: join(dataDir, String(pgliteRun++)) }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  })
  let serverUrl = postgresUrl
  if (!serverUrl) {
    postgres = await startPostgres().catch((error: unknown) => {
      log(`PostgreSQL: skipped (${error instanceof Error ? error.message : String(error)})`)
      return undefined
    })
    serverUrl = postgres?.url
    const pid = await postgres?.pid().catch(() => undefined)
    if (pid !== undefined) serverCpuMs = () => processTreeCpuMs(pid)
  }
  if (serverUrl) {
    const names: string[] = []
    const url = serverUrl
    databases.push({
      label: postgresUrl
        ? 'PostgreSQL (LATCH_BENCH_DATABASE_URL)'
        : 'PostgreSQL (throwaway server)',
      server: true,
      async open() {
        const name = `latch_bench_${Date.now()}_${names.length}`
        await admin(url, `CREATE DATABASE ${name}`)
        names.push(name)
        const databaseUrl = new URL(url)
        databaseUrl.pathname = `/${name}`
        return createDatabase({ databaseUrl: databaseUrl.toString() })
      },
      async cleanup() {
        for (const name of names) await admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      },
    })
  }

  for (const { label, server, open, cleanup } of databases)
    try {
      // The chain read once more for each database after the first: the ranges are let go
      // before the end-to-end run, which would otherwise carry ~25k transactions and transfers
      // of this script's own on the heap every major GC marks (PGlite runs in this thread).
      const read = firstRead ?? (await readChain(true))
      firstRead = undefined
      const writeDb = await open()
      const writeMs = await profiled(`${label}-writes`, () =>
        measureWrites(label, writeDb, read.ranges, server === true),
      )
      read.ranges.length = 0
      const indexDb = await open()
      const totalMs = await profiled(`${label}-end-to-end`, () =>
        measure(label, indexDb, { network, clients }, head, transfers, server === true),
      )
      log(
        `${label} summary: ${Math.round(((head + 1) * 1000) / totalMs)} blocks/s of the chain's ${head + 1}, ${((blocks * 1000) / totalMs).toFixed(1)}/s of its ${blocks} blocks of ${transfersPerBlock} transfers, ${Math.round((transfers * 1000) / totalMs)} transfers/s, total ${seconds(totalMs)} s (RPC reads only ${seconds(read.ms)} s, writes only ${seconds(writeMs)} s)`,
      )
    } finally {
      await cleanup()
    }
} finally {
  await chain.stop()
  await postgres?.stop()
}

/**
 * anvil's `eth_getBalance` answers per second at 10 connections (1 s of warm-up, then 3 s),
 * the "same-session limit" of issue 17's table: the machine's speed in this run.
 */
async function measureAnvilRate(url: string): Promise<number> {
  const request = {
    url,
    connections: 10,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBalance',
      params: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'latest'],
    }),
  }
  await autocannon({ ...request, duration: 1 })
  const result = await autocannon({ ...request, duration: 3 })
  if (result.errors + result.timeouts + result.non2xx > 0)
    throw new Error(
      `anvil failed ${result.errors + result.timeouts + result.non2xx} eth_getBalance requests.`,
    )
  return result.requests.average
}

/** Runs `run`, with the CPU profiled into `<profileDir>/<name>.cpuprofile` when asked. */
async function profiled<result>(name: string, run: () => Promise<result>): Promise<result> {
  if (!profileDir) return run()
  const session = new Session()
  session.connect()
  try {
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
    const result = await run()
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(profileDir, { recursive: true })
    const file = join(profileDir, `${name.replace(/[^\w-]+/g, '_')}.cpuprofile`)
    writeFileSync(file, JSON.stringify(profile))
    log(`  CPU profile: ${file}`)
    return result
  } finally {
    session.disconnect()
  }
}

/** Writes ranges already read into `database`, one transaction each: the database side alone. */
async function measureWrites(
  label: string,
  database: Database,
  ranges: BlockRangeData[],
  server: boolean,
): Promise<number> {
  try {
    const store = createIndexerStore(database.db, { chainId: chain.chainId })
    const serverStarted = server ? serverCpuMs() : undefined
    const started = performance.now()
    const cpuStarted = cpuMs()
    let checkpoint: Checkpoint | undefined
    for (const data of ranges)
      checkpoint = await store.writeBlockRange({
        expected: checkpoint,
        startBlock: 0,
        data,
        keepBlocks: 1_000,
      })
    const elapsed = performance.now() - started
    const cpu = cpuMs() - cpuStarted
    const rows = ranges.reduce((sum, data) => sum + data.transfers.length, 0)
    log(
      `${label} writes only: ${ranges.length} ranges, ${rows} transfers in ${seconds(elapsed)} s = ${Math.round((rows * 1000) / elapsed)} transfers/s (${seconds(cpu)} s CPU in this process${label === 'PGlite' ? ', the database included' : ''}${cpuNote(cpuSince(serverCpuMs, serverStarted), 'PostgreSQL')})`,
    )
    return elapsed
  } finally {
    await database.close()
  }
}

/** Indexes the whole chain into `database` from scratch and prints the rates. */
async function measure(
  label: string,
  database: Database,
  { network, clients }: { network: ApiNetwork; clients: ChainClients },
  head: number,
  transfers: number,
  server: boolean,
): Promise<number> {
  try {
    // anvil's CPU time is read from /proc before the clock starts (a few ms of this thread).
    const anvilStarted = anvilCpuMs()
    const serverStarted = server ? serverCpuMs() : undefined
    const started = performance.now()
    const cpuStarted = cpuMs()
    const indexer = startIndexer({
      db: database.db,
      networks: [network],
      clients,
      log: {
        info: () => {},
        warn: (message, meta) => log(`warn: ${message} ${JSON.stringify(meta)}`),
        error: () => {},
      },
      pollingIntervalMs: 10,
      startFrom: 'genesis',
    })
    // A stalled indexer fails the bench with its last error rather than hanging it.
    let indexed = -1
    let progressAt = performance.now()
    for (;;) {
      const status = indexer.status()[0]
      const now = status?.indexedBlock ?? -1
      if (now >= head) break
      if (now > indexed) {
        indexed = now
        progressAt = performance.now()
      } else if (performance.now() - progressAt > stallMs) {
        await indexer.stop()
        throw new Error(
          `${label}: the indexer made no progress for ${stallMs / 1000} s at block ${now} (${status?.lastError ?? 'no error'}).`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const elapsed = performance.now() - started
    const cpu = cpuMs() - cpuStarted
    // The other processes' CPU time, read as the clock stops (none for a server not read).
    const anvilMs = cpuSince(anvilCpuMs, anvilStarted)
    const serverMs = server ? cpuSince(serverCpuMs, serverStarted) : 0
    await indexer.stop()
    const rows = await createIndexerStore(database.db, {
      chainId: chain.chainId,
    }).countTransfers()
    if (rows < transfers)
      throw new Error(`${label}: indexed ${rows} transfers, expected at least ${transfers}.`)
    log(
      `${label} end to end: ${head + 1} blocks, ${rows} transfers in ${seconds(elapsed)} s = ${Math.round(((head + 1) * 1000) / elapsed)} blocks/s, ${Math.round((rows * 1000) / elapsed)} transfers/s (${seconds(cpu)} s CPU in this process${cpuNote(anvilMs, 'anvil')}${server ? cpuNote(serverMs, 'PostgreSQL') : ''})`,
    )
    // The machine's cores bound the wall time from below: the CPU time of every process taking
    // part (this one, anvil, the database server), spread evenly over all of them.
    const parts = [cpu, anvilMs, serverMs]
    if (parts.every((part) => part !== undefined)) {
      const total = parts.reduce((sum: number, part) => sum + (part as number), 0)
      const cores = availableParallelism()
      log(
        `${label} CPU: ${seconds(total)} s in all (this process${label === 'PGlite' ? ' with the database' : ''}, anvil${server ? ', PostgreSQL' : ''}): on ${cores} cores no run takes under ${seconds(total / cores)} s, ${Math.round(((head + 1) * 1000 * cores) / total)} blocks/s of the chain at most (${((blocks * 1000 * cores) / total).toFixed(1)}/s of its busy blocks)`,
      )
    }
    return elapsed
  } finally {
    await database.close()
  }
}

/**
 * Deploys a token, mints to anvil's ten unlocked accounts, then mines `blocks` blocks of
 * `transfersPerBlock` transfers each to fresh recipients, sending each block's transactions in
 * one JSON-RPC batch with explicit nonces and gas.
 */
async function fillChain(chain: TestChain): Promise<{ head: number; transfers: number }> {
  // anvil's ten unlocked accounts take turns sending.
  const senders = (await chain.walletClient.getAddresses()) as Address[]
  const token = await chain.deployToken('Bench Dollar', 'BUSD', 6)
  for (const sender of senders)
    await chain.send({
      from: senders[0] as Address,
      to: token,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'mint',
        args: [sender, parseUnits('1000000', 6)],
      }),
    })
  const nonces = new Map<string, number>()
  for (const sender of senders)
    nonces.set(
      sender,
      await chain.publicClient.getTransactionCount({ address: sender, blockTag: 'pending' }),
    )

  await chain.rpc('evm_setAutomine', [false])
  let transfers = senders.length
  for (let block = 0; block < blocks; block++) {
    const batch = Array.from({ length: transfersPerBlock }, (_, index) => {
      const sender = senders[index % senders.length] as Address
      const nonce = nonces.get(sender) ?? 0
      nonces.set(sender, nonce + 1)
      const recipient = numberToHex(block * transfersPerBlock + index + 1, { size: 20 })
      return {
        jsonrpc: '2.0',
        id: index,
        method: 'eth_sendTransaction',
        params: [
          {
            from: sender,
            to: token,
            nonce: numberToHex(nonce),
            gas: numberToHex(80_000),
            data: encodeFunctionData({
              abi: tokenAbi,
              functionName: 'transfer',
              args: [recipient, 1_000n + BigInt(index)],
            }),
          },
        ],
      }
    })
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    })
    const answers = (await response.json()) as { error?: { message: string } }[]
    const failed = answers.find((answer) => answer.error)
    if (failed) throw new Error(`eth_sendTransaction failed: ${failed.error?.message}`)
    await chain.rpc('evm_mine', [])
    const mined = await chain.publicClient.getBlock({ blockTag: 'latest' })
    if (mined.transactions.length !== transfersPerBlock)
      throw new Error(
        `Block ${mined.number} holds ${mined.transactions.length} transactions, not ${transfersPerBlock}.`,
      )
    transfers += transfersPerBlock
  }
  await chain.rpc('evm_setAutomine', [true])
  return { head: await chain.head(), transfers }
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
