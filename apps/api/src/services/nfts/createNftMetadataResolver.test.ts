import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { nftMetadata } from '../../db/schema/index.ts'
import { forEachDatabase } from '../../db/testing.ts'
import { createGuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createNftMetadataResolver, type NftKey } from './createNftMetadataResolver.ts'
import { type MetadataServer, startMetadataServer } from './testing/startMetadataServer.ts'

/** One chain whose collection's tokenURI is `<base>/nft/<id>` (injected: no chain needed). */
const fakeClients = (base: () => string) =>
  new Map([
    [
      1,
      {
        readContract: async ({ args }: { args: readonly [bigint] }) => `${base()}/nft/${args[0]}`,
      } as unknown as PublicClient,
    ],
  ])
const key = (tokenId: string, contract = '0x00000000000000000000000000000000000000c1'): NftKey => ({
  chainId: 1,
  contract,
  tokenId,
})

forEachDatabase('createNftMetadataResolver', (context) => {
  let server: MetadataServer
  /** Answers /nft/slow after `slowMs`, and counts closed sockets. */
  let slow: Server
  let slowUrl: string
  let slowMs = 200
  const slowSeen = { requests: 0, closedEarly: 0, open: 0, maxOpen: 0 }
  beforeAll(async () => {
    server = await startMetadataServer()
    slow = createServer((_request, response) => {
      slowSeen.requests++
      slowSeen.open++
      slowSeen.maxOpen = Math.max(slowSeen.maxOpen, slowSeen.open)
      response.once('close', () => {
        slowSeen.open--
        if (!response.writableFinished) slowSeen.closedEarly++
      })
      setTimeout(() => {
        if (!response.destroyed)
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"Slow"}')
      }, slowMs)
    })
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await server?.stop()
    slow?.closeAllConnections()
    slow?.close()
  })

  const count = (path: string) => server.requests.filter((request) => request === path).length
  const fetch = createGuardedFetch({ allowPrivateHosts: true })

  test('fetched once per token per TTL under concurrent hits; a failure is remembered for less', async () => {
    let clock = Date.now()
    const resolver = createNftMetadataResolver({
      db: context.db,
      clients: fakeClients(() => server.url),
      fetch,
      now: () => clock,
      okTtlMs: 60_000,
      failedTtlMs: 5_000,
    })
    const one = key('1')
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2
          ? resolver.get(one)
          : resolver
              .getMany([one], { deadline: Date.now() + 5_000 })
              .then((found) => found.get(resolver.keyOf(one))),
      ),
    )
    expect(new Set(hits.map((record) => record?.name))).toEqual(new Set(['Lantern #1']))
    expect(count('/nft/1')).toBe(1)
    await resolver.get(one)
    expect(count('/nft/1')).toBe(1)
    clock += 60_001
    await Promise.all(Array.from({ length: 10 }, () => resolver.get(one)))
    expect(count('/nft/1')).toBe(2)

    const broken = key('4')
    const failures = await Promise.all(Array.from({ length: 10 }, () => resolver.get(broken)))
    expect(new Set(failures.map((record) => record.status))).toEqual(new Set(['failed']))
    expect(count('/nft/4')).toBe(1)
    clock += 4_000
    await resolver.get(broken)
    expect(count('/nft/4')).toBe(1)
    clock += 1_001
    await resolver.get(broken)
    expect(count('/nft/4')).toBe(2)
  })

  test('one asker leaving does not fail the others; when all leave, the fetch stops and nothing is stored', async () => {
    const resolver = createNftMetadataResolver({
      db: context.db,
      clients: fakeClients(() => slowUrl),
      fetch,
    })
    const leaving = new AbortController()
    const shared = key('7', '0x00000000000000000000000000000000000000c2')
    const left = resolver.get(shared, { signal: leaving.signal })
    const stays = resolver.get(shared)
    setTimeout(() => leaving.abort(), 50)
    await expect(left).rejects.toMatchObject({ reason: 'the request was cancelled' })
    expect((await stays).name).toBe('Slow')
    expect(slowSeen.requests).toBe(1)

    slowMs = 2_000
    const abandoned = key('8', '0x00000000000000000000000000000000000000c2')
    const alone = new AbortController()
    const pending = resolver.get(abandoned, { signal: alone.signal })
    setTimeout(() => alone.abort(), 50)
    await expect(pending).rejects.toMatchObject({ reason: 'the request was cancelled' })
    for (let i = 0; i < 50 && slowSeen.closedEarly === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(slowSeen.closedEarly).toBe(1)
    const rows = await context.db
      .select()
      .from(nftMetadata)
      .where(and(eq(nftMetadata.contract, abandoned.contract), eq(nftMetadata.tokenId, '8')))
    expect(rows).toEqual([])
  })

  test('getMany answers by its deadline and abandons the fetches still running', async () => {
    slowMs = 2_000
    const resolver = createNftMetadataResolver({
      db: context.db,
      clients: fakeClients(() => slowUrl),
      fetch,
    })
    const closed = slowSeen.closedEarly
    const started = Date.now()
    const found = await resolver.getMany([key('9', '0x00000000000000000000000000000000000000c3')], {
      deadline: Date.now() + 100,
    })
    expect(found.size).toBe(0)
    expect(Date.now() - started).toBeLessThan(1_000)
    for (let i = 0; i < 50 && slowSeen.closedEarly === closed; i++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(slowSeen.closedEarly).toBe(closed + 1)
  })

  test('getMany fetches at most `concurrencyPerCall` documents at once', async () => {
    slowMs = 100
    const resolver = createNftMetadataResolver({
      db: context.db,
      clients: fakeClients(() => slowUrl),
      fetch,
      concurrencyPerCall: 2,
    })
    slowSeen.maxOpen = 0
    const keys = ['21', '22', '23', '24', '25', '26'].map((id) =>
      key(id, '0x00000000000000000000000000000000000000c4'),
    )
    const found = await resolver.getMany(keys, { deadline: Date.now() + 5_000 })
    expect([...found.values()].map((record) => record.name)).toEqual(Array(6).fill('Slow'))
    expect(slowSeen.maxOpen).toBe(2)
  })
  test('fresh metadata is kept in memory for memoryTtlMs, then read from the database again', async () => {
    let clock = Date.now()
    const resolver = createNftMetadataResolver({
      db: context.db,
      clients: fakeClients(() => server.url),
      fetch,
      now: () => clock,
      memoryTtlMs: 10_000,
    })
    const one = key('31', '0x00000000000000000000000000000000000000c5')
    expect((await resolver.get(one)).name).toBe('Lantern #31')
    // Read once from the database into memory, then renamed there (as another process would).
    expect((await resolver.get(one)).name).toBe('Lantern #31')
    const where = and(
      eq(nftMetadata.chainId, 1),
      eq(nftMetadata.contract, one.contract),
      eq(nftMetadata.tokenId, '31'),
    )
    await context.db.update(nftMetadata).set({ name: 'Renamed' }).where(where)
    const many = await resolver.getMany([one], { deadline: Date.now() + 5_000 })
    expect(many.get(resolver.keyOf(one))?.name).toBe('Lantern #31')
    clock += 10_000
    expect((await resolver.get(one)).name).toBe('Renamed')
    expect(count('/nft/31')).toBe(1)
  })
})
