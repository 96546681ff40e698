import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  http,
  numberToHex,
  type PublicClient,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ChainClients } from '../createChainClients.ts'
import { forEachDatabase } from '../db/testing.ts'
import { createIndexerStore } from './createIndexerStore.ts'
import { startIndexer } from './startIndexer.ts'
import {
  createTestChain,
  type TestChain,
  testAccounts,
  tokenAbi,
} from './testing/createTestChain.ts'
import { createTestLogger } from './testing/createTestLogger.ts'
import { waitForIndexedBlock } from './testing/waitForIndexedBlock.ts'

const [alice] = testAccounts
const busyBlocks = 4
const transfersPerBlock = 40

let chain: TestChain
/** The size of one busy block read in full, as the RPC answers it. */
let fullBlockBytes = 0

beforeAll(async () => {
  chain = await createTestChain()
  const token = await chain.deployToken('Range Dollar', 'RGD', 6)
  await chain.send({
    from: alice,
    to: token,
    data: encodeFunctionData({
      abi: tokenAbi,
      functionName: 'mint',
      args: [alice, parseUnits('1000', 6)],
    }),
  })
  // A run of empty blocks first: the indexer's first ranges see no load at all.
  await chain.rpc('anvil_mine', [numberToHex(12)])
  await chain.rpc('evm_setAutomine', [false])
  for (let block = 0; block < busyBlocks; block++) {
    for (let index = 0; index < transfersPerBlock; index++)
      await chain.rpc('eth_sendTransaction', [
        {
          from: alice,
          to: token,
          gas: numberToHex(100_000),
          data: encodeFunctionData({
            abi: tokenAbi,
            functionName: 'transfer',
            args: [numberToHex(block * 1_000 + index + 1, { size: 20 }) as Address, 1n],
          }),
        },
      ])
    await chain.rpc('evm_mine', [])
  }
  await chain.rpc('evm_setAutomine', [true])
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBlockByNumber',
      params: ['latest', true],
    }),
  })
  fullBlockBytes = (await response.text()).length
}, 120_000)

afterAll(() => chain?.stop())

forEachDatabase('runChainIndexer with answers near the size limit', (context) => {
  test('a range answered with more than the client accepts is read in smaller parts, not retried forever', async () => {
    // One busy block fits in an answer; the logs or full blocks of all the busy ones do not.
    const client = createPublicClient({
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl, {
        batch: true,
        retryCount: 0,
        timeout: 5_000,
        maxResponseBodySize: Math.floor(fullBlockBytes * 2.5),
      }),
    }) as PublicClient
    const { logger, entries } = createTestLogger()
    const head = await chain.head()
    const indexer = startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: new Map([[chain.chainId, client]]) as ChainClients,
      log: logger,
      pollingIntervalMs: 20,
      startFrom: 'genesis',
    })
    try {
      await waitForIndexedBlock(indexer, head, { timeoutMs: 60_000 })
    } finally {
      await indexer.stop()
    }
    const store = createIndexerStore(context.db, { chainId: chain.chainId })
    expect(await store.countTransfers()).toBe(1 + busyBlocks * transfersPerBlock)
    expect(entries.filter((entry) => entry.level !== 'info')).toEqual([])
  }, 90_000)
})
