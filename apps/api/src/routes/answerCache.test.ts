import { historyResponseSchema, nftsResponseSchema } from '@latch/api-contract'
import { type Address, encodeFunctionData, parseEther } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { forEachDatabase } from '../db/testing.ts'
import { type StartIndexerReturnType, startIndexer } from '../indexer/startIndexer.ts'
import { createIndexerTestApp, testProjectId } from '../indexer/testing/createIndexerTestApp.ts'
import {
  collectionAbi,
  createTestChain,
  type TestChain,
  testAccounts,
} from '../indexer/testing/createTestChain.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { waitForIndexedBlock } from '../indexer/testing/waitForIndexedBlock.ts'
import {
  type MetadataServer,
  startMetadataServer,
} from '../services/nfts/testing/startMetadataServer.ts'
import { createAnswerCache } from '../stores/createAnswerCache.ts'

const [alice, bob] = testAccounts

forEachDatabase('history and NFT answers kept in memory', (context) => {
  let chain: TestChain
  let server: MetadataServer
  let collection: Address
  let indexer: StartIndexerReturnType
  let app: ReturnType<typeof createIndexerTestApp>['app']
  // A long TTL: only the indexer's writes can make an answer change.
  const answers = createAnswerCache({ ttlMs: 60_000 })
  /** Whether the indexer's writes reach the cache (off: proves answers come from memory). */
  let wired = true

  const history = async () => {
    const response = await app.request(
      `/v1/account/${alice}/history?projectId=${testProjectId}&limit=50`,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    return historyResponseSchema.parse(await response.json()).data
  }
  const nfts = async () => {
    const response = await app.request(`/v1/account/${alice}/nfts?projectId=${testProjectId}`)
    expect(response.status).toBe(200)
    return nftsResponseSchema.parse(await response.json()).data
  }
  const mint = () =>
    chain.send({
      from: alice,
      to: collection,
      data: encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [alice] }),
    })
  const waitForHead = async () => {
    const head = await chain.head()
    await waitForIndexedBlock(indexer, head)
  }

  beforeAll(async () => {
    server = await startMetadataServer()
    chain = await createTestChain()
    collection = await chain.deployCollection('Latch Lanterns', 'LANTERN', `${server.url}/nft/`)
    await mint()
    await chain.send({ from: alice, to: bob, value: parseEther('0.25') })
    indexer = startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: chain.clients,
      log: createTestLogger().logger,
      pollingIntervalMs: 50,
      startFrom: 'genesis',
      onWrite: () => {
        if (wired) answers.invalidate()
      },
    })
    app = createIndexerTestApp({ db: context.db, chain, answers }).app
    await waitForHead()
  })
  afterAll(async () => {
    await indexer?.stop()
    await chain?.stop()
    await server?.stop()
  })

  test('a repeated page is answered from memory; an indexer write shows the new transfer next', async () => {
    const first = await history()
    expect(first).toHaveLength(3)
    expect(answers.stats().entries).toBe(1)

    // Unwired: the indexer writes a new block, the page is still the one in memory.
    wired = false
    await chain.send({ from: alice, to: bob, value: parseEther('0.5') })
    await waitForHead()
    expect(await history()).toEqual(first)

    // Wired: the next write forgets it, and both new transfers are on the next request.
    wired = true
    await chain.send({ from: bob, to: alice, value: parseEther('1') })
    await waitForHead()
    const after = await history()
    expect(after).toHaveLength(5)
    expect(after[0]?.metadata.operationType).toBe('receive')
    expect(after.slice(2)).toEqual(first)
  })

  test('the NFT list too: a minted token is listed on the next request after it is indexed', async () => {
    const first = await nfts()
    expect(first.map((nft) => [nft.tokenId, nft.name])).toEqual([['1', 'Lantern #1']])
    wired = false
    await mint()
    await waitForHead()
    expect(await nfts()).toEqual(first)
    wired = true
    await mint()
    await waitForHead()
    expect((await nfts()).map((nft) => nft.name)).toEqual([
      'Lantern #1',
      'Lantern #2',
      'Lantern #3',
    ])
  })

  test('a list with metadata that failed is not kept (the fetch is retried on its own TTL)', async () => {
    // Token 4's metadata server answers 500.
    await mint()
    await waitForHead()
    const before = answers.stats().entries
    expect((await nfts()).at(-1)?.name).toBe('#4')
    expect(answers.stats().entries).toBe(before)
  })
})
