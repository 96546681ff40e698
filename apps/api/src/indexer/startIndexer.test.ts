import type { HistoryResponse } from '@latch/api-contract'
import { eq } from 'drizzle-orm'
import { type Address, encodeFunctionData, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { LatchDb } from '../db/createDatabase.ts'
import { indexerTokens, indexerTransactions } from '../db/schema/index.ts'
import { forEachDatabase } from '../db/testing.ts'
import { getHistory } from '../services/history/getHistory.ts'
import { type StartIndexerReturnType, startIndexer } from './startIndexer.ts'
import {
  collectionAbi,
  createTestChain,
  type TestChain,
  testAccounts,
  tokenAbi,
} from './testing/createTestChain.ts'
import { createTestLogger } from './testing/createTestLogger.ts'
import { waitFor } from './testing/waitFor.ts'

const [alice, bob, carol, dave] = testAccounts

/** One line per history item: operation, status, then each transfer. */
function summarize(page: HistoryResponse): string[] {
  return page.data.map((item) =>
    [
      item.metadata.operationType,
      item.metadata.status,
      ...item.transfers.map(
        (transfer) =>
          `${transfer.direction} ${transfer.quantity.numeric} ${transfer.fungible_info?.symbol ?? transfer.nft_info?.name}`,
      ),
    ].join(' '),
  )
}

forEachDatabase('startIndexer', (context) => {
  let chain: TestChain
  let token: Address
  let collection: Address
  let indexer: StartIndexerReturnType | undefined
  const { logger, entries } = createTestLogger()

  const start = (overrides: Partial<Parameters<typeof startIndexer>[0]> = {}) =>
    startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: chain.clients,
      log: logger,
      pollingIntervalMs: 50,
      startFrom: 'genesis',
      ...overrides,
    })

  const history = (account: Address, limit = 100) =>
    getHistory(context.db, {
      account,
      networks: [chain.network],
      limit,
      apiOrigin: 'http://api.test',
      projectId: 'p',
    })

  /** Waits until the index holds exactly the chain's transactions, block 0 to the head. */
  const waitForChain = async (db: LatchDb, watched = () => indexer) => {
    let expected: string[] = []
    let indexed: string[] = []
    await waitFor(
      async () => {
        const head = await chain.head()
        const status = watched()?.status()[0]
        if (status?.indexedBlock !== head) return false
        expected = await chain.listTransactionHashes()
        indexed = (
          await db
            .select({ hash: indexerTransactions.hash })
            .from(indexerTransactions)
            .where(eq(indexerTransactions.chainId, chain.chainId))
        )
          .map((row) => row.hash)
          .sort()
        return indexed.join() === expected.join()
      },
      { message: 'the index to match the chain' },
    ).catch((error: unknown) => {
      expect({ indexed, status: watched()?.status() }).toEqual({ indexed: expected })
      throw error
    })
  }

  beforeAll(async () => {
    chain = await createTestChain()
    token = await chain.deployToken('Latch USD', 'LUSD', 6)
    collection = await chain.deployCollection('Latch Lanterns', 'LANTERN', 'http://127.0.0.1:9/')
    const call = (to: Address, data: `0x${string}`, from: Address = alice, gas?: bigint) =>
      chain.send({ from, to, data, gas })
    await chain.send({ from: alice, to: bob, value: parseEther('1.5') })
    await call(
      token,
      encodeFunctionData({
        abi: tokenAbi,
        functionName: 'mint',
        args: [alice, parseUnits('1000', 6)],
      }),
    )
    await call(
      token,
      encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [bob, parseUnits('250.5', 6)],
      }),
    )
    await call(
      collection,
      encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [alice] }),
    )
    await call(
      collection,
      encodeFunctionData({
        abi: collectionAbi,
        functionName: 'transferFrom',
        args: [alice, bob, 1n],
      }),
    )
    await chain.send({ from: bob, to: bob, value: parseEther('0.1') })
    // More than alice holds: the transaction is mined and reverts.
    await call(
      token,
      encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [bob, 10n ** 30n] }),
      alice,
      100_000n,
    )
    await call(
      token,
      encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [carol, 5n] }),
    )
  })
  afterAll(async () => {
    await indexer?.stop()
    await chain?.stop()
  })

  test('indexes native, ERC-20 and ERC-721 transfers for both sides', async () => {
    // Ranges of 3 blocks: several ranges, each read while the previous one is written.
    indexer = start({ maxBlocksPerRange: 3 })
    await waitForChain(context.db)
    expect(summarize(await history(alice))).toMatchInlineSnapshot(`
      [
        "approve confirmed",
        "execute failed",
        "send confirmed out 1 #1",
        "mint confirmed in 1 #1",
        "send confirmed out 250.5 LUSD",
        "mint confirmed in 1000 LUSD",
        "send confirmed out 1.5 ETH",
        "deploy confirmed",
        "deploy confirmed",
      ]
    `)
    expect(summarize(await history(bob))).toMatchInlineSnapshot(`
      [
        "send confirmed self 0.1 ETH",
        "receive confirmed in 1 #1",
        "receive confirmed in 250.5 LUSD",
        "receive confirmed in 1.5 ETH",
      ]
    `)
    const tokens = await context.db.select().from(indexerTokens).orderBy(indexerTokens.kind)
    expect(
      tokens.map(({ kind, name, symbol, decimals }) => ({ kind, name, symbol, decimals })),
    ).toMatchInlineSnapshot(`
        [
          {
            "decimals": 6,
            "kind": "erc20",
            "name": "Latch USD",
            "symbol": "LUSD",
          },
          {
            "decimals": null,
            "kind": "erc721",
            "name": "Latch Lanterns",
            "symbol": "LANTERN",
          },
        ]
      `)
  })

  test('resumes after a restart without gaps or duplicates', async () => {
    await indexer?.stop()
    await chain.send({ from: alice, to: carol, value: parseEther('2') })
    await chain.send({
      from: alice,
      to: token,
      data: encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [carol, 1_000_000n],
      }),
    })
    indexer = start()
    await waitForChain(context.db)
    expect(summarize(await history(carol))).toMatchInlineSnapshot(`
      [
        "receive confirmed in 1 LUSD",
        "receive confirmed in 2 ETH",
      ]
    `)
  })

  test('rolls back a reorg (anvil_reorg) to the chain', async () => {
    await chain.send({ from: alice, to: carol, value: parseEther('3') })
    await waitForChain(context.db)
    const reorgs = indexer?.status()[0]?.reorgs ?? 0
    await chain.rpc('anvil_reorg', [1, []])
    await waitFor(() => (indexer?.status()[0]?.reorgs ?? 0) > reorgs, { message: 'a reorg' })
    await waitForChain(context.db)
    expect(summarize(await history(carol))).not.toContain('receive confirmed in 3 ETH')
  })

  test('rolls back a reorg (evm_revert and new blocks) to the chain, metadata too', async () => {
    const snapshot = await chain.testClient.snapshot()
    const mintTo = (to: Address) =>
      encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [to, 500n] })
    await chain.send({ from: alice, to: dave, value: parseEther('4') })
    // Deployed on the branch that is dropped: the same address holds another token after.
    const temporary = await chain.deployToken('Temporary', 'TMP', 0)
    await chain.send({ from: alice, to: temporary, data: mintTo(dave) })
    await waitForChain(context.db)
    expect(summarize(await history(dave))).toEqual([
      'mint confirmed in 500 TMP',
      'receive confirmed in 4 ETH',
    ])
    await chain.testClient.revert({ id: snapshot })
    await chain.send({ from: alice, to: dave, value: parseEther('5') })
    const next = await chain.deployToken('Next', 'NXT', 1)
    expect(next).toBe(temporary)
    await chain.send({ from: alice, to: next, data: mintTo(dave) })
    await chain.testClient.mine({ blocks: 2 })
    await waitForChain(context.db)
    expect(summarize(await history(dave))).toEqual([
      'mint confirmed in 50 NXT',
      'receive confirmed in 5 ETH',
    ])
  })

  test('a devnet restarted from a new genesis leaves only the new chain', async () => {
    // A genesis block differs by its timestamp (seconds): restart in a later second.
    const genesis = await chain.publicClient.getBlock({ blockNumber: 0n })
    await waitFor(() => Date.now() / 1000 >= Number(genesis.timestamp) + 1, {
      message: 'a new second',
    })
    await chain.restart()
    // The first contract of the same deployer lands at the same address: another token now.
    const other = await chain.deployToken('Other Dollar', 'ODOL', 2)
    expect(other).toBe(token)
    await chain.send({
      from: alice,
      to: other,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [bob, 12_345n] }),
    })
    await waitForChain(context.db)
    expect(summarize(await history(bob))).toEqual(['mint confirmed in 123.45 ODOL'])
    expect(summarize(await history(carol))).toEqual([])
    expect(entries.some((entry) => entry.message.includes('restarted from a new genesis'))).toBe(
      true,
    )
    expect(indexer?.status()[0]).toMatchObject({ resets: 1 })
  })

  test('only one indexer per chain leads; a standby takes over when it stops', async () => {
    if (context.dialect !== 'postgres') return
    const standby = start({ standbyRetryMs: 50 })
    await waitFor(() => standby.status()[0]?.role === 'standby', { message: 'a standby' })
    expect(indexer?.status()[0]?.role).toBe('leader')
    await indexer?.stop()
    await waitFor(() => standby.status()[0]?.role === 'leader', { message: 'the takeover' })
    indexer = standby
    await chain.send({ from: carol, to: dave, value: 1n })
    await waitForChain(context.db)
  })
})
