import { type StartTestAnvilReturnType, startTestAnvil } from '@latch/test'
import { eq } from 'drizzle-orm'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  http,
  numberToHex,
  type PublicClient,
  parseAbiItem,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ChainClients } from '../createChainClients.ts'
import type { LatchDb, LatchTransaction } from '../db/createDatabase.ts'
import { indexerCheckpoints, indexerTransactions, indexerTransfers } from '../db/schema/index.ts'
import { forEachDatabase } from '../db/testing.ts'
import { type StartIndexerReturnType, startIndexer } from './startIndexer.ts'
import {
  createTestChain,
  type TestChain,
  testAccounts,
  tokenAbi,
} from './testing/createTestChain.ts'
import { createTestLogger } from './testing/createTestLogger.ts'
import { type RpcProxy, startRpcProxy } from './testing/startRpcProxy.ts'
import { waitFor } from './testing/waitFor.ts'

const [alice, bob, carol] = testAccounts
const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
)

/** One line per indexed transfer and transaction of `chainId`, sorted: the index as a whole. */
async function readIndex(db: LatchDb, chainId: number) {
  const transfers = await db
    .select()
    .from(indexerTransfers)
    .where(eq(indexerTransfers.chainId, chainId))
  const transactions = await db
    .select({ hash: indexerTransactions.hash, block: indexerTransactions.blockNumber })
    .from(indexerTransactions)
    .where(eq(indexerTransactions.chainId, chainId))
  return {
    transfers: transfers
      .map((row) =>
        [
          row.blockNumber,
          row.txHash,
          row.logIndex,
          row.kind,
          row.contract,
          row.fromAddress,
          row.toAddress,
          row.amount,
        ].join(' '),
      )
      .sort(),
    transactions: transactions.map((row) => `${row.block} ${row.hash}`).sort(),
  }
}

/**
 * The same lines recomputed from the chain itself with viem: every transaction of blocks
 * `fromBlock`..`toBlock` (default the head), its native value, and every ERC-20 Transfer log.
 */
async function readChainTruth(client: PublicClient, fromBlock: number, toBlock?: number) {
  const head = toBlock ?? Number(await client.getBlockNumber({ cacheTime: 0 }))
  const transfers: string[] = []
  const transactions: string[] = []
  for (let number = fromBlock; number <= head; number++) {
    const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
    for (const transaction of block.transactions) {
      transactions.push(`${number} ${transaction.hash.toLowerCase()}`)
      if (transaction.value > 0n && transaction.to)
        transfers.push(
          [
            number,
            transaction.hash.toLowerCase(),
            -1,
            'native',
            '0x0000000000000000000000000000000000000000',
            transaction.from.toLowerCase(),
            transaction.to.toLowerCase(),
            transaction.value,
          ].join(' '),
        )
    }
  }
  const logs = await client.getLogs({
    event: transferEvent,
    fromBlock: BigInt(fromBlock),
    toBlock: BigInt(head),
  })
  for (const log of logs)
    transfers.push(
      [
        Number(log.blockNumber),
        log.transactionHash.toLowerCase(),
        log.logIndex,
        'erc20',
        log.address.toLowerCase(),
        log.args.from?.toLowerCase(),
        log.args.to?.toLowerCase(),
        log.args.value,
      ].join(' '),
    )
  return { head, transfers: transfers.sort(), transactions: transactions.sort() }
}

/** `target[property]`, bound to `target` when it is a method. */
function bound(target: object, property: string | symbol): unknown {
  const value = Reflect.get(target, property)
  return typeof value === 'function' ? value.bind(target) : value
}

/** A public client for `chain` that talks to `url` (the proxy) instead of anvil. */
function clientsThrough(chain: TestChain, url: string): ChainClients {
  const client = createPublicClient({
    chain: chain.publicClient.chain,
    transport: http(url, { timeout: 2_000, retryCount: 0 }),
  }) as PublicClient
  return new Map([[chain.chainId, client]]) as ChainClients
}

forEachDatabase('runChainIndexer behind a misbehaving RPC', (context) => {
  let chain: TestChain
  let proxy: RpcProxy
  let behind: StartTestAnvilReturnType | undefined
  let token: Address
  let indexer: StartIndexerReturnType | undefined
  const { logger, entries } = createTestLogger()

  const start = () =>
    startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: clientsThrough(chain, proxy.url),
      log: logger,
      pollingIntervalMs: 20,
      maxBackoffMs: 100,
      startFrom: 'latest',
    })
  const status = () => indexer?.status()[0]
  const sendSome = async (round: number) => {
    await chain.send({ from: alice, to: bob, value: parseEther(`0.${round + 1}`) })
    await chain.send({
      from: alice,
      to: token,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [carol, parseUnits(String(round + 1), 6)],
      }),
    })
  }
  const startBlock = async () => {
    const [row] = await context.db
      .select()
      .from(indexerCheckpoints)
      .where(eq(indexerCheckpoints.chainId, chain.chainId))
    return row?.startBlock ?? 0
  }
  /** Waits until the index equals the chain's truth, from the start block to the head. */
  const waitForTruth = async () => {
    let truth: Awaited<ReturnType<typeof readChainTruth>> | undefined
    let indexed: Awaited<ReturnType<typeof readIndex>> | undefined
    await waitFor(
      async () => {
        truth = await readChainTruth(chain.publicClient, await startBlock())
        if (status()?.indexedBlock !== truth.head) return false
        indexed = await readIndex(context.db, chain.chainId)
        return (
          indexed.transfers.join() === truth.transfers.join() &&
          indexed.transactions.join() === truth.transactions.join()
        )
      },
      { message: 'the index to equal the chain', timeoutMs: 15_000 },
    ).catch((error: unknown) => {
      expect({ indexed, status: status() }).toEqual({ indexed: truth })
      throw error
    })
  }
  /** Lets the indexer retry against the misbehaving proxy for a while; the errors it saw. */
  const letItRetry = async (requests = 20) => {
    const from = proxy.requests
    const seen = new Set<string>()
    await waitFor(
      () => {
        const error = status()?.lastError
        if (error) seen.add(error.split(':')[0] as string)
        return proxy.requests >= from + requests
      },
      { intervalMs: 5, message: `${requests} RPC requests` },
    )
    return seen
  }

  beforeAll(async () => {
    chain = await createTestChain()
    proxy = await startRpcProxy({ upstream: chain.rpcUrl })
    token = await chain.deployToken('Latch USD', 'LUSD', 6)
    await chain.send({
      from: alice,
      to: token,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'mint',
        args: [alice, parseUnits('1000', 6)],
      }),
    })
    // A long chain, so a node can lag 2,000 blocks behind the indexed block.
    await chain.rpc('anvil_mine', [numberToHex(2_100)])
  })
  afterAll(async () => {
    await indexer?.stop()
    await proxy?.stop()
    await behind?.stop()
    await chain?.stop()
  })

  test('a lagging, null-answering or flipping RPC never deletes history', async () => {
    indexer = start()
    await waitFor(() => status()?.indexedBlock !== null, { message: 'a first checkpoint' })
    for (let round = 0; round < 3; round++) await sendSome(round)
    await waitForTruth()
    const before = await readIndex(context.db, chain.chainId)
    expect(before.transfers).toHaveLength(6)
    const checkpoint = status()?.indexedBlock as number

    // A node 2,000 blocks behind the indexed block, while the chain goes on.
    proxy.setMode({ lagBlocks: 2_000 })
    await sendSome(3)
    await letItRetry()
    expect(await readIndex(context.db, chain.chainId)).toEqual(before)
    expect(status()).toMatchObject({ indexedBlock: checkpoint, reorgs: 0, resets: 0 })
    expect(status()?.lastError).toMatch(/^NodeBehindError: .* is at block \d+, behind the indexed/)

    // Caught up again, a node that answers null for its newest blocks and for logs reaching
    // them: first with nothing new (the indexed tip unconfirmed), then as the chain goes on.
    proxy.setMode({})
    await waitForTruth()
    const caughtUp = await readIndex(context.db, chain.chainId)
    proxy.setMode({ nullRecentBlocks: 3 })
    await letItRetry()
    expect(await readIndex(context.db, chain.chainId)).toEqual(caughtUp)
    expect(status()?.lastError).toMatch(/^ReorgUnprovenError: .* it answered no block \d+\.$/)
    await sendSome(4)
    await letItRetry()
    expect((await readIndex(context.db, chain.chainId)).transfers).toEqual(
      expect.arrayContaining(caughtUp.transfers),
    )
    expect(status()?.lastError).toMatch(/BlockNotFoundError|BlockRangeIncompleteError/)
    expect(status()).toMatchObject({ reorgs: 0, resets: 0 })

    // A node whose log index lags its blocks: the blocks come, their Transfer logs do not.
    proxy.setMode({ logsLagBlocks: 4 })
    await sendSome(5)
    await letItRetry()
    expect(status()?.lastError).toMatch(/^BlockRangeIncompleteError: .* without all of its logs\.$/)
    expect(status()).toMatchObject({ reorgs: 0, resets: 0 })

    // Caught up again, a balancer flipping between this node and one that stopped syncing
    // below the indexed block: first with nothing new, then as the chain goes on.
    proxy.setMode({})
    await waitForTruth()
    const beforeFlips = await readIndex(context.db, chain.chainId)
    // A second node of the same chain, stopped 5 blocks below the indexed block.
    behind = await startTestAnvil({
      chainId: chain.chainId,
      fork: { url: chain.rpcUrl, blockNumber: (status()?.indexedBlock as number) - 5 },
    })
    proxy.setMode({ flipWith: behind.rpcUrl })
    const seen = await letItRetry()
    expect(await readIndex(context.db, chain.chainId)).toEqual(beforeFlips)
    for (let round = 6; round < 9; round++) {
      await sendSome(round)
      for (const error of await letItRetry(10)) seen.add(error)
    }
    expect((await readIndex(context.db, chain.chainId)).transfers).toEqual(
      expect.arrayContaining(beforeFlips.transfers),
    )
    expect(status()).toMatchObject({ reorgs: 0, resets: 0 })
    // The two nodes did disagree, and each disagreement was waited out.
    expect(seen.size).toBeGreaterThan(0)

    // The RPC behaves again: indexing catches up to exactly the chain, nothing was reset.
    proxy.setMode({})
    await waitForTruth()
    const after = await readIndex(context.db, chain.chainId)
    expect(after.transfers).toHaveLength(18)
    expect(after.transfers).toEqual(expect.arrayContaining(before.transfers))
    expect(status()).toMatchObject({ reorgs: 0, resets: 0, lastError: null })
    expect(entries.filter((entry) => /Reorg|new genesis/.test(entry.message))).toEqual([])
  })

  test('an RPC answering another chain id stops that chain, before any rollback', async () => {
    // Caught up; then the RPC answers another chain id while the chain reorgs its last blocks.
    proxy.setMode({})
    await sendSome(9)
    await waitForTruth()
    const before = await readIndex(context.db, chain.chainId)
    proxy.setMode({ chainId: 1 })
    await chain.rpc('anvil_reorg', [2, []])
    await waitFor(() => status()?.role === 'stopped', { message: 'the chain to stop' })
    expect(status()?.lastError).toMatchInlineSnapshot(
      `"ChainIdMismatchError: The RPC of chain eip155:31337 answers chain id 1: indexing of this chain stopped."`,
    )
    expect(entries.at(-1)).toMatchObject({
      level: 'error',
      message: 'The RPC of chain eip155:31337 answers chain id 1: indexing of this chain stopped.',
    })
    expect(status()).toMatchObject({ reorgs: 0, resets: 0 })
    expect(await readIndex(context.db, chain.chainId)).toEqual(before)

    // Started against it, the indexer stops at once.
    await indexer?.stop()
    indexer = start()
    await waitFor(() => status()?.role === 'stopped', { message: 'the chain to stop again' })
    expect(status()?.lastError).toMatch(/^ChainIdMismatchError/)
    expect(await readIndex(context.db, chain.chainId)).toEqual(before)

    // The right chain again: the proven reorg is rolled back, and the index is the chain.
    await indexer?.stop()
    proxy.setMode({})
    indexer = start()
    await waitForTruth()
    expect(status()).toMatchObject({ reorgs: 1, resets: 0 })
  })
})

forEachDatabase('runChainIndexer killed mid-range, then a reorg', (context) => {
  let chain: TestChain
  let indexer: StartIndexerReturnType | undefined
  const { logger } = createTestLogger()
  const blocks = 12
  const transfersPerBlock = 150

  const start = (db: LatchDb = context.db) =>
    startIndexer({
      db,
      networks: [chain.network],
      clients: chain.clients,
      log: logger,
      pollingIntervalMs: 20,
      maxBackoffMs: 100,
      maxBlocksPerRange: 2,
      startFrom: 'genesis',
    })

  beforeAll(async () => {
    // Its own chain id: the tables are shared by chain id with the other suites' chains.
    chain = await createTestChain({ chainId: 31_338 })
    const token = await chain.deployToken('Busy Dollar', 'BUSY', 6)
    const senders = testAccounts
    for (const sender of senders)
      await chain.send({
        from: alice,
        to: token,
        data: encodeFunctionData({
          abi: tokenAbi,
          functionName: 'mint',
          args: [sender, parseUnits('1000000', 6)],
        }),
      })
    const nonces = new Map<string, number>()
    for (const sender of senders)
      nonces.set(sender, await chain.publicClient.getTransactionCount({ address: sender }))
    // Busy blocks: many ERC-20 and native transfers each, sent in one batch and mined at once.
    await chain.rpc('evm_setAutomine', [false])
    for (let block = 0; block < blocks; block++) {
      const batch = Array.from({ length: transfersPerBlock }, (_, index) => {
        const sender = senders[index % senders.length] as Address
        const nonce = nonces.get(sender) ?? 0
        nonces.set(sender, nonce + 1)
        const recipient = numberToHex(block * transfersPerBlock + index + 1, { size: 20 })
        const native = index % 5 === 0
        return {
          jsonrpc: '2.0',
          id: index,
          method: 'eth_sendTransaction',
          params: [
            {
              from: sender,
              to: native ? recipient : token,
              nonce: numberToHex(nonce),
              gas: numberToHex(80_000),
              ...(native
                ? { value: numberToHex(1_000 + index) }
                : {
                    data: encodeFunctionData({
                      abi: tokenAbi,
                      functionName: 'transfer',
                      args: [recipient, 1_000n + BigInt(index)],
                    }),
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
    }
    await chain.rpc('evm_setAutomine', [true])
  })
  afterAll(async () => {
    await indexer?.stop()
    await chain?.stop()
  })

  test('history equals the chain after a kill mid-range and a 3-block reorg', async () => {
    const head = await chain.head()
    // The database as the indexer sees it. The first write that starts with the checkpoint
    // inside the blocks the reorg will replace, and more ranges to go, is killed: the indexer
    // is stopped, and the write dies after its first statement, as if the process ended there
    // (its transaction is rolled back).
    let killedAt: number | undefined
    let interrupted = 0
    const dying = new Proxy(context.db, {
      get(target, property) {
        if (property !== 'transaction') return bound(target, property)
        return (write: (tx: LatchTransaction) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const indexed = indexer?.status()[0]?.indexedBlock ?? null
            const doomed =
              killedAt === undefined && indexed !== null && indexed >= head - 2 && indexed < head
            if (doomed) {
              killedAt = indexed
              void indexer?.stop()
            }
            const die = () => {
              interrupted++
              throw new Error('Killed mid-range.')
            }
            const result = await write(
              new Proxy(tx, {
                get(inner, name) {
                  if (name !== 'execute') return bound(inner, name)
                  return async (...args: Parameters<LatchTransaction['execute']>) => {
                    const rows = await inner.execute(...args)
                    return doomed ? die() : rows
                  }
                },
              }),
            )
            return doomed ? die() : result
          })
      },
    })
    indexer = start(dying)
    await waitFor(() => killedAt !== undefined, { message: 'the kill' })
    await indexer.stop()
    expect(interrupted).toBe(1)
    // Nothing of the interrupted range was kept: the index is the chain up to the checkpoint.
    const [checkpoint] = await context.db
      .select()
      .from(indexerCheckpoints)
      .where(eq(indexerCheckpoints.chainId, chain.chainId))
    expect(checkpoint?.blockNumber).toBe(killedAt)
    const upToKill = await readChainTruth(chain.publicClient, 0, killedAt)
    expect(upToKill.transactions.length).toBeLessThan(
      (await readChainTruth(chain.publicClient, 0)).transactions.length,
    )
    expect(await readIndex(context.db, chain.chainId)).toEqual({
      transfers: upToKill.transfers,
      transactions: upToKill.transactions,
    })

    // The last 3 blocks replaced by other transactions (one block holds two).
    const replaced = await chain.publicClient.getBlock({ blockNumber: BigInt(head) })
    await chain.rpc('anvil_reorg', [
      3,
      [
        [{ from: bob, to: carol, value: numberToHex(parseEther('1')) }, 0],
        [{ from: carol, to: bob, value: numberToHex(parseEther('2')) }, 1],
        [{ from: bob, to: alice, value: numberToHex(parseEther('3')) }, 1],
      ],
    ])
    expect(await chain.head()).toBe(head)
    const replacement = await chain.publicClient.getBlock({ blockNumber: BigInt(head) })
    expect(replacement.hash).not.toBe(replaced.hash)

    indexer = start()
    const truth = await readChainTruth(chain.publicClient, 0)
    await waitFor(() => indexer?.status()[0]?.indexedBlock === head, { message: 'the head' })
    expect(await readIndex(context.db, chain.chainId)).toEqual({
      transfers: truth.transfers,
      transactions: truth.transactions,
    })
    expect(
      truth.transfers.some((line) =>
        line.includes(` ${bob.toLowerCase()} ${alice.toLowerCase()} `),
      ),
    ).toBe(true)
    // The stop left the checkpoint in the replaced blocks: the restart rolled them back.
    expect(indexer.status()[0]).toMatchObject({ reorgs: 1, resets: 0 })
  })
})
