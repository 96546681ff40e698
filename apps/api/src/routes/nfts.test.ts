import { apiErrorSchema, nftsResponseSchema } from '@latch/api-contract'
import { type Address, encodeFunctionData } from 'viem'
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
import { waitFor } from '../indexer/testing/waitFor.ts'
import { waitForIndexedBlock } from '../indexer/testing/waitForIndexedBlock.ts'
import {
  type MetadataServer,
  metadataServerSvg,
  startMetadataServer,
} from '../services/nfts/testing/startMetadataServer.ts'

const [alice, bob] = testAccounts

forEachDatabase('NFT routes', (context) => {
  let chain: TestChain
  let server: MetadataServer
  let collection: Address
  let indexer: StartIndexerReturnType
  let app: ReturnType<typeof createIndexerTestApp>['app']

  const nfts = async (account: string) => {
    const response = await app.request(`/v1/account/${account}/nfts?projectId=${testProjectId}`)
    expect(response.status).toBe(200)
    return nftsResponseSchema.parse(await response.json()).data
  }
  const image = (path: string) => app.request(`/v1/nft-image/${path}?projectId=${testProjectId}`)

  beforeAll(async () => {
    server = await startMetadataServer()
    chain = await createTestChain()
    collection = await chain.deployCollection('Latch Lanterns', 'LANTERN', `${server.url}/nft/`)
    for (let id = 1; id <= 8; id++)
      await chain.send({
        from: alice,
        to: collection,
        data: encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [alice] }),
      })
    await chain.send({
      from: alice,
      to: collection,
      data: encodeFunctionData({
        abi: collectionAbi,
        functionName: 'transferFrom',
        args: [alice, bob, 2n],
      }),
    })
    indexer = startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: chain.clients,
      log: createTestLogger().logger,
      pollingIntervalMs: 50,
      startFrom: 'genesis',
    })
    const head = await chain.head()
    await waitForIndexedBlock(indexer, head)
    app = createIndexerTestApp({ db: context.db, chain }).app
  })
  afterAll(async () => {
    await indexer?.stop()
    await chain?.stop()
    await server?.stop()
  })

  test('lists the tokens an account owns, with metadata or a "#id" fallback', async () => {
    const owned = await nfts(alice)
    expect(
      owned.map(({ tokenId, name, description, imageUrl, collectionName, chainId, contract }) => ({
        tokenId,
        name,
        description,
        image: imageUrl?.replace(`/${contract}/`, '/<contract>/'),
        collectionName,
        chainId,
      })),
    ).toMatchInlineSnapshot(`
      [
        {
          "chainId": "eip155:31337",
          "collectionName": "Latch Lanterns",
          "description": "Lantern number 1.",
          "image": "http://localhost/v1/nft-image/31337/<contract>/1?projectId=0123456789abcdef0123456789abcdef",
          "name": "Lantern #1",
          "tokenId": "1",
        },
        {
          "chainId": "eip155:31337",
          "collectionName": "Latch Lanterns",
          "description": "Lantern number 3.",
          "image": "http://localhost/v1/nft-image/31337/<contract>/3?projectId=0123456789abcdef0123456789abcdef",
          "name": "Lantern #3",
          "tokenId": "3",
        },
        {
          "chainId": "eip155:31337",
          "collectionName": "Latch Lanterns",
          "description": undefined,
          "image": undefined,
          "name": "#4",
          "tokenId": "4",
        },
        {
          "chainId": "eip155:31337",
          "collectionName": "Latch Lanterns",
          "description": "Lantern number 5.",
          "image": "http://localhost/v1/nft-image/31337/<contract>/5?projectId=0123456789abcdef0123456789abcdef",
          "name": "Lantern #5",
          "tokenId": "5",
        },
        {
          "chainId": "eip155:31337",
          "collectionName": "Latch Lanterns",
          "description": undefined,
          "image": undefined,
          "name": "#6",
          "tokenId": "6",
        },
        {
          "chainId": "eip155:31337",
          "collectionName": "Latch Lanterns",
          "description": "Lantern number 1.",
          "image": "http://localhost/v1/nft-image/31337/<contract>/7?projectId=0123456789abcdef0123456789abcdef",
          "name": "Lantern #1",
          "tokenId": "7",
        },
        {
          "chainId": "eip155:31337",
          "collectionName": "Latch Lanterns",
          "description": "Lantern number 8.",
          "image": "http://localhost/v1/nft-image/31337/<contract>/8?projectId=0123456789abcdef0123456789abcdef",
          "name": "Lantern #8",
          "tokenId": "8",
        },
      ]
    `)
    expect(owned.every((nft) => nft.contract === collection)).toBe(true)
    expect((await nfts(bob)).map((nft) => nft.name)).toEqual(['Lantern #2'])

    // Cached: a second listing fetches nothing.
    const fetched = server.requests.length
    await nfts(alice)
    expect(server.requests.length).toBe(fetched)
  })

  test('GET /v1/nft-image streams an allowed image with caching headers', async () => {
    const response = await image(`31337/${collection}/1`)
    expect(response.status).toBe(200)
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    })
    expect(await response.text()).toBe(metadataServerSvg('1'))
  })

  test('GET /v1/nft-image: concurrent first views share one fetch, and later views fetch nothing', async () => {
    const fetches = (path: string) => server.requests.filter((request) => request === path).length
    const first = await Promise.all(
      Array.from({ length: 10 }, () => image(`31337/${collection}/2`)),
    )
    expect(await Promise.all(first.map((response) => response.text()))).toEqual(
      Array(10).fill(metadataServerSvg('2')),
    )
    expect(fetches('/img/2.svg')).toBe(1)
    const later = await Promise.all(
      Array.from({ length: 10 }, () => image(`31337/${collection}/1`)),
    )
    expect(later.map((response) => response.status)).toEqual(Array(10).fill(200))
    expect(fetches('/img/1.svg')).toBe(1)
  })

  test('GET /v1/nft-image refuses what is not an indexed NFT image', async () => {
    const error = async (path: string) => {
      const response = await image(path)
      return `${response.status} ${apiErrorSchema.parse(await response.json()).error.message}`
    }
    expect({
      html: await error(`31337/${collection}/3`),
      tooLarge: await error(`eip155:31337/${collection}/5`),
      tooLargeDeclared: await error(`31337/${collection}/8`),
      noMetadata: await error(`31337/${collection}/4`),
      unknownToken: await error(`31337/${collection}/99`),
      badContract: await error('31337/0x12/1'),
      badTokenId: await error(`31337/${collection}/-1`),
      badChain: await error(`1/${collection}/1`),
    }).toMatchInlineSnapshot(`
      {
        "badChain": "400 Chain eip155:1 is not supported.",
        "badContract": "400 Invalid address "0x12".",
        "badTokenId": "400 tokenId must be a decimal uint256.",
        "html": "502 The NFT content could not be fetched: the content type "text/html" is not allowed.",
        "noMetadata": "404 No image for NFT 0x5FbDB2315678afecb367f032d93F642f64180aa3 #4 on chain eip155:31337.",
        "tooLarge": "502 The NFT content could not be fetched: more than 5242880 bytes.",
        "tooLargeDeclared": "502 The NFT content could not be fetched: more than 5242880 bytes.",
        "unknownToken": "404 No NFT 0x5FbDB2315678afecb367f032d93F642f64180aa3 #99 on chain eip155:31337.",
      }
    `)
  })

  test('GET /v1/nft-image: a client that leaves stops the outbound fetch it started', async () => {
    await chain.send({
      from: alice,
      to: collection,
      data: encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [alice] }),
    })
    const head = await chain.head()
    await waitForIndexedBlock(indexer, head)
    const client = new AbortController()
    const pending = Promise.resolve(
      app.request(
        new Request(
          `http://localhost/v1/nft-image/31337/${collection}/9?projectId=${testProjectId}`,
          {
            signal: client.signal,
          },
        ),
      ),
    )
    await waitFor(() => server.requests.includes('/img/never.svg'), { message: 'the image fetch' })
    client.abort()
    // The image host sees its connection closed at once, not after the 10 s budget.
    await waitFor(() => server.closedEarly.includes('/img/never.svg'), {
      timeoutMs: 2_000,
      message: 'the fetch to stop',
    })
    await pending.catch(() => {})
  })

  test('GET /v1/account/:address/nfts: a client that leaves stops the metadata fetches', async () => {
    // Token #10 (after #9 above), whose metadata never answers, goes to bob.
    await chain.send({
      from: alice,
      to: collection,
      data: encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [bob] }),
    })
    const head = await chain.head()
    await waitForIndexedBlock(indexer, head)
    const client = new AbortController()
    const pending = Promise.resolve(
      app.request(
        new Request(`http://localhost/v1/account/${bob}/nfts?projectId=${testProjectId}`, {
          signal: client.signal,
        }),
      ),
    )
    await waitFor(() => server.requests.includes('/nft/10'), { message: 'the metadata fetch' })
    client.abort()
    // Stopped at once, not after the 4 s metadata budget or the listing's 5 s wait.
    await waitFor(() => server.closedEarly.includes('/nft/10'), {
      timeoutMs: 2_000,
      message: 'the fetch to stop',
    })
    await pending.catch(() => {})
  })

  test('with private hosts refused, a devnet URL is not fetched', async () => {
    const strict = createIndexerTestApp({
      db: context.db,
      chain,
      nftFetch: { allowPrivateHosts: false },
    }).app
    const response = await strict.request(
      `/v1/nft-image/31337/${collection}/1?projectId=${testProjectId}`,
    )
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchInlineSnapshot(`
      {
        "error": {
          "code": "UPSTREAM_UNAVAILABLE",
          "message": "The NFT content could not be fetched: a host on a private network.",
        },
      }
    `)
  })
})
