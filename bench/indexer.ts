import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '@latch/config'
import pg from 'pg'
import { type Address, encodeFunctionData, numberToHex, parseUnits } from 'viem'
import { createDatabase, type Database } from '../apps/api/src/db/createDatabase.ts'
import { type Checkpoint, createIndexerStore } from '../apps/api/src/indexer/createIndexerStore.ts'
import { transferTopic } from '../apps/api/src/indexer/decodeTransferLog.ts'
import { type BlockRangeData, fetchBlockRange } from '../apps/api/src/indexer/fetchBlockRange.ts'
import { startIndexer } from '../apps/api/src/indexer/startIndexer.ts'
import {
  createTestChain,
  type TestChain,
  tokenAbi,
} from '../apps/api/src/indexer/testing/createTestChain.ts'

/**
 * Indexer throughput: packs ERC-20 transfers into blocks on a local anvil (automine off, one
 * `evm_mine` per block), then indexes the chain from scratch and prints blocks/s and
 * transfers/s on PGlite (a data directory, as the API uses it) and, when
 * LATCH_BENCH_DATABASE_URL names a PostgreSQL server, on a fresh database there.
 * Usage: npm run bench:indexer [-- --blocks 50 --transfers 300]
 */
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const blocks = option('blocks', 50)
const transfersPerBlock = option('transfers', 300)
// Every setting checked once through the shared schema (a typo in a LATCH_* variable stops here).
const postgresUrl = loadConfig().LATCH_BENCH_DATABASE_URL

const log = (line: string) => console.log(`bench:indexer ${line}`)
const seconds = (ms: number) => (ms / 1000).toFixed(2)

// The API's indexer clients wait 10 s for an answer (createChainClients in serveApi.ts).
const chain = await createTestChain({ timeout: 10_000 })
// However the script ends, anvil ends with it (stop() signals the process synchronously).
process.once('exit', () => void chain.stop())
try {
  const started = performance.now()
  const { head, transfers } = await fillChain(chain)
  log(
    `chain: ${blocks} blocks x ${transfersPerBlock} ERC-20 transfers (head ${head}) built in ${seconds(performance.now() - started)} s`,
  )

  // The RPC side alone: what reading the chain costs before any database work (ranges of
  // about the size the indexer picks for such blocks, kept for the write-only measure).
  const readStarted = performance.now()
  const ranges: BlockRangeData[] = []
  for (let from = 0; from <= head; from += 13)
    ranges.push(
      await fetchBlockRange(chain.publicClient, {
        chainId: chain.chainId,
        fromBlock: from,
        toBlock: Math.min(head, from + 12),
        receipts: true,
      }),
    )
  log(`RPC reads only (blocks, receipts, logs): ${seconds(performance.now() - readStarted)} s`)
  const timed = async (label: string, method: string, params: unknown[]) => {
    const at = performance.now()
    await chain.rpc(method, params)
    log(`  one ${label}: ${Math.round(performance.now() - at)} ms`)
  }
  await timed('full block of 300 transactions', 'eth_getBlockByNumber', [numberToHex(head), true])
  await timed('block of receipts', 'eth_getBlockReceipts', [numberToHex(head)])
  await timed('eth_getLogs over the chain', 'eth_getLogs', [
    { fromBlock: '0x0', toBlock: numberToHex(head), topics: [transferTopic] },
  ])

  const databases: {
    label: string
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
  if (postgresUrl) {
    const names: string[] = []
    databases.push({
      label: 'PostgreSQL',
      async open() {
        const name = `latch_bench_${Date.now()}_${names.length}`
        await admin(postgresUrl, `CREATE DATABASE ${name}`)
        names.push(name)
        const url = new URL(postgresUrl)
        url.pathname = `/${name}`
        return createDatabase({ databaseUrl: url.toString() })
      },
      async cleanup() {
        for (const name of names)
          await admin(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      },
    })
  } else log('PostgreSQL: skipped (set LATCH_BENCH_DATABASE_URL to a server to include it)')

  for (const { label, open, cleanup } of databases)
    try {
      await measureWrites(label, await open(), ranges)
      await measure(label, await open(), head, transfers)
    } finally {
      await cleanup()
    }
} finally {
  await chain.stop()
}

/** Writes ranges already read into `database`, one transaction each: the database side alone. */
async function measureWrites(label: string, database: Database, ranges: BlockRangeData[]) {
  try {
    const store = createIndexerStore(database.db, { chainId: chain.chainId })
    const started = performance.now()
    let checkpoint: Checkpoint | undefined
    for (const data of ranges)
      checkpoint = await store.writeBlockRange({
        expected: checkpoint,
        startBlock: 0,
        data,
        keepBlocks: 1_000,
      })
    const elapsed = performance.now() - started
    const rows = ranges.reduce((sum, data) => sum + data.transfers.length, 0)
    log(
      `${label} writes only: ${ranges.length} ranges, ${rows} transfers in ${seconds(elapsed)} s = ${Math.round((rows * 1000) / elapsed)} transfers/s`,
    )
  } finally {
    await database.close()
  }
}

/** Indexes the whole chain into `database` from scratch and prints the rates. */
async function measure(label: string, database: Database, head: number, transfers: number) {
  try {
    const started = performance.now()
    const indexer = startIndexer({
      db: database.db,
      networks: [chain.network],
      clients: chain.clients,
      log: { info: () => {}, warn: (message) => log(`warn: ${message}`), error: () => {} },
      pollingIntervalMs: 10,
      startFrom: 'genesis',
    })
    while ((indexer.status()[0]?.indexedBlock ?? -1) < head)
      await new Promise((resolve) => setTimeout(resolve, 5))
    const elapsed = performance.now() - started
    await indexer.stop()
    const indexed = await createIndexerStore(database.db, {
      chainId: chain.chainId,
    }).countTransfers()
    if (indexed < transfers)
      throw new Error(`${label}: indexed ${indexed} transfers, expected at least ${transfers}.`)
    log(
      `${label}: ${head + 1} blocks, ${indexed} transfers in ${seconds(elapsed)} s = ${Math.round(((head + 1) * 1000) / elapsed)} blocks/s, ${Math.round((indexed * 1000) / elapsed)} transfers/s`,
    )
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
