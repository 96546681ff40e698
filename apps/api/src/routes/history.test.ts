import { apiErrorSchema, type HistoryResponse, historyResponseSchema } from '@latch/api-contract'
import { encodeFunctionData, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { forEachDatabase } from '../db/testing.ts'
import { type StartIndexerReturnType, startIndexer } from '../indexer/startIndexer.ts'
import { createIndexerTestApp, testProjectId } from '../indexer/testing/createIndexerTestApp.ts'
import {
  collectionAbi,
  createTestChain,
  type TestChain,
  testAccounts,
  tokenAbi,
} from '../indexer/testing/createTestChain.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { waitFor } from '../indexer/testing/waitFor.ts'
import { waitForIndexedBlock } from '../indexer/testing/waitForIndexedBlock.ts'

const [alice, bob, carol] = testAccounts

forEachDatabase('GET /v1/account/:account/history', (context) => {
  let chain: TestChain
  let indexer: StartIndexerReturnType
  let app: ReturnType<typeof createIndexerTestApp>['app']

  const get = async (path: string) => {
    const response = await app.request(path)
    return { status: response.status, body: await response.json() }
  }
  const page = async (query: string, account: string = alice) => {
    const { status, body } = await get(
      `/v1/account/${account}/history?projectId=${testProjectId}&${query}`,
    )
    expect(status).toBe(200)
    return historyResponseSchema.parse(body)
  }
  const waitForHead = async () => {
    const head = await chain.head()
    await waitForIndexedBlock(indexer, head)
  }

  beforeAll(async () => {
    chain = await createTestChain()
    const token = await chain.deployToken('Latch USD', 'LUSD', 6)
    const collection = await chain.deployCollection(
      'Latch Lanterns',
      'LANTERN',
      'http://127.0.0.1:9/',
    )
    const call = (to: `0x${string}`, data: `0x${string}`) => chain.send({ from: alice, to, data })
    await call(
      token,
      encodeFunctionData({
        abi: tokenAbi,
        functionName: 'mint',
        args: [alice, parseUnits('100', 6)],
      }),
    )
    await call(
      collection,
      encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [alice] }),
    )
    await chain.send({ from: alice, to: bob, value: parseEther('0.25') })
    await call(
      token,
      encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [bob, parseUnits('12.5', 6)],
      }),
    )
    await call(
      collection,
      encodeFunctionData({
        abi: collectionAbi,
        functionName: 'transferFrom',
        args: [alice, bob, 1n],
      }),
    )
    indexer = startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: chain.clients,
      log: createTestLogger().logger,
      pollingIntervalMs: 50,
      startFrom: 'genesis',
    })
    app = createIndexerTestApp({ db: context.db, chain }).app
    await waitForHead()
  })
  afterAll(async () => {
    await indexer?.stop()
    await chain?.stop()
  })

  test('answers one item per transaction, newest first, for either side', async () => {
    const bobs = await page('chainId=eip155:31337')
    const stable = (body: HistoryResponse) =>
      body.data.map((item) => {
        expect(item.metadata.minedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/)
        expect(item.id).toBe(`eip155:31337:${item.metadata.hash}`)
        return {
          ...item,
          id: '<id>',
          metadata: { ...item.metadata, hash: '<hash>', minedAt: '<iso>' },
        }
      })
    expect(stable(await page('limit=2', bob))).toMatchInlineSnapshot(`
      [
        {
          "id": "<id>",
          "metadata": {
            "blockNumber": 7,
            "chain": "eip155:31337",
            "hash": "<hash>",
            "minedAt": "<iso>",
            "nonce": 6,
            "operationType": "receive",
            "sentFrom": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
            "sentTo": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
            "status": "confirmed",
          },
          "transfers": [
            {
              "direction": "in",
              "nft_info": {
                "collection": {
                  "address": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
                  "name": "Latch Lanterns",
                },
                "content": {
                  "preview": {
                    "content_type": "image/*",
                    "url": "http://localhost/v1/nft-image/31337/0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512/1?projectId=0123456789abcdef0123456789abcdef",
                  },
                },
                "flags": {
                  "is_spam": false,
                },
                "name": "#1",
                "tokenId": "1",
              },
              "quantity": {
                "numeric": "1",
              },
            },
          ],
        },
        {
          "id": "<id>",
          "metadata": {
            "blockNumber": 6,
            "chain": "eip155:31337",
            "hash": "<hash>",
            "minedAt": "<iso>",
            "nonce": 5,
            "operationType": "receive",
            "sentFrom": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
            "sentTo": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
            "status": "confirmed",
          },
          "transfers": [
            {
              "direction": "in",
              "fungible_info": {
                "address": "eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3",
                "icon": {
                  "url": "http://localhost/public/getTokenImage/31337/0x5FbDB2315678afecb367f032d93F642f64180aa3",
                },
                "name": "Latch USD",
                "symbol": "LUSD",
              },
              "quantity": {
                "numeric": "12.5",
              },
            },
          ],
        },
      ]
    `)
    expect(bobs.data.map((item) => item.metadata.operationType)).toEqual([
      'send',
      'send',
      'send',
      'mint',
      'mint',
      'deploy',
      'deploy',
    ])
  })

  test('takes a CAIP-10 account, and a bare or CAIP-2 chainId', async () => {
    const plain = await page('', bob)
    expect(await page('', `eip155:31337:${bob}`)).toEqual(plain)
    expect(await page('chainId=31337', bob)).toEqual(plain)
    expect(plain.data.map((item) => item.metadata.operationType)).toEqual([
      'receive',
      'receive',
      'receive',
    ])
  })

  test('bad inputs are a 400 naming the problem', async () => {
    const error = async (path: string) => {
      const { status, body } = await get(path)
      return { status, message: apiErrorSchema.parse(body).error.message }
    }
    const base = `/v1/account/${alice}/history?projectId=${testProjectId}`
    expect({
      address: await error(`/v1/account/0x1234/history?projectId=${testProjectId}`),
      caip10: await error(`/v1/account/solana:1:${alice}/history?projectId=${testProjectId}`),
      chainId: await error(`${base}&chainId=base`),
      unsupported: await error(`${base}&chainId=eip155:1`),
      mismatch: await error(
        `/v1/account/eip155:31337:${alice}/history?projectId=${testProjectId}&chainId=1`,
      ),
      cursor: await error(`${base}&cursor=nope`),
      forged: await error(`${base}&cursor=${Buffer.from('v1.1.2.3').toString('base64url')}`),
      limit: await error(`${base}&limit=101`),
      projectId: await error(`/v1/account/${alice}/history`),
    }).toMatchInlineSnapshot(`
      {
        "address": {
          "message": "Invalid address "0x1234".",
          "status": 400,
        },
        "caip10": {
          "message": "Namespace 'solana' is not configured. Please call connect() first with namespace config.",
          "status": 400,
        },
        "chainId": {
          "message": "chainId must be a positive integer or a CAIP-2 id like "eip155:31337" or "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".",
          "status": 400,
        },
        "cursor": {
          "message": "Invalid cursor.",
          "status": 400,
        },
        "forged": {
          "message": "Invalid cursor.",
          "status": 400,
        },
        "limit": {
          "message": "limit: Too big: expected number to be <=100.",
          "status": 400,
        },
        "mismatch": {
          "message": "chainId "eip155:1" does not match the account's chain "eip155:31337".",
          "status": 400,
        },
        "projectId": {
          "message": "A projectId is required.",
          "status": 400,
        },
        "unsupported": {
          "message": "Chain eip155:1 is not supported.",
          "status": 400,
        },
      }
    `)
  })

  test('cursor pages are stable while new blocks arrive', async () => {
    const before = await page('limit=100')
    const first = await page('limit=3')
    expect(first.data).toEqual(before.data.slice(0, 3))
    expect(first.next).not.toBeNull()

    // Newer transactions land between two pages: the next page goes on where the first ended.
    await chain.send({ from: carol, to: alice, value: parseEther('1') })
    await chain.send({ from: alice, to: carol, value: parseEther('0.5') })
    await waitForHead()

    const pages = [first]
    while (pages.at(-1)?.next)
      pages.push(await page(`limit=3&cursor=${encodeURIComponent(pages.at(-1)?.next ?? '')}`))
    expect(pages.flatMap((p) => p.data)).toEqual(before.data)
    expect(pages.at(-1)?.next).toBeNull()

    const now = await page('limit=2')
    expect(now.data.map((item) => item.metadata.operationType)).toEqual(['send', 'receive'])
    expect(now.data[1]?.metadata.sentFrom).toBe(carol)
  })

  test('answers from the database while the RPC is down', async () => {
    const before = await page('limit=100')
    await chain.stopAnvil()
    await waitFor(() => indexer.status()[0]?.state === 'error', { message: 'the indexer to fail' })
    expect(await page('limit=100')).toEqual(before)
    expect(indexer.status()[0]?.lastError).toMatch(/HTTP request failed/)
  })
})
