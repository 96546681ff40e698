import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  devnetManifestFixture,
  fixtureProjectId,
  type StartTestAnvilReturnType,
  startTestAnvil,
  writeDevnetManifest,
} from '@latch/test'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTcpProxy } from './db/testing/startTcpProxy.ts'
import {
  type CreatePostgresTestDatabaseReturnType,
  createPostgresTestDatabase,
  testDatabaseUrl,
} from './db/testing.ts'
import { parseEnv } from './env.ts'
import { createTestLogger } from './indexer/testing/createTestLogger.ts'
import { waitFor } from './indexer/testing/waitFor.ts'
import { projectCacheTtlMs, type ServeApiReturnType, serveApi } from './serveApi.ts'

// anvil's first two unlocked accounts.
const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const bob = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

/** Sends `value` wei from alice to bob on anvil (one block each) and returns the hash. */
async function send(rpcUrl: string, value: bigint): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [{ from: alice, to: bob, value: `0x${value.toString(16)}` }],
    }),
  })
  const { result } = (await response.json()) as { result: string }
  return result.toLowerCase()
}

// Runs in `npm test`, which starts a PostgreSQL and sets LATCH_TEST_DATABASE_URL.
describe.skipIf(!testDatabaseUrl)('a PostgreSQL outage and its recovery', () => {
  let anvil: StartTestAnvilReturnType
  let stateDir: string
  let database: CreatePostgresTestDatabaseReturnType
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>
  let api: ServeApiReturnType
  const { logger, entries } = createTestLogger()

  // A page the default origins allow: it must be able to read the 503 too.
  const origin = 'http://localhost:5173'
  const history = () =>
    fetch(
      `${api.url}/v1/account/${bob}/history?projectId=${fixtureProjectId}&chainId=31337&limit=100`,
      { headers: { Origin: origin } },
    )
  const hashesIn = async (response: Response) =>
    ((await response.json()) as { data: { metadata: { hash: string } }[] }).data.map((item) =>
      item.metadata.hash.toLowerCase(),
    )

  beforeAll(async () => {
    anvil = await startTestAnvil()
    stateDir = await mkdtemp(path.join(tmpdir(), 'latch-outage-'))
    await writeDevnetManifest(stateDir, devnetManifestFixture(anvil.rpcUrl))
    database = await createPostgresTestDatabase()
    // The API reaches PostgreSQL through a proxy that stands for the server going down.
    const target = new URL(database.url)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) })
    const viaProxy = new URL(database.url)
    viaProxy.port = String(proxy.port)
    const env = parseEnv(
      {
        LATCH_STATE_DIR: stateDir,
        DATABASE_URL: viaProxy.toString(),
        PORT: '0',
        LATCH_DB_POOL_SIZE: '4',
        LATCH_DB_CONNECT_TIMEOUT_MS: '1000',
        LATCH_DB_STATEMENT_TIMEOUT_MS: '2000',
      },
      {},
    )
    api = await serveApi(env, { logger })
  }, 60_000)

  afterAll(async () => {
    await api?.stop()
    await proxy?.close()
    await database?.drop()
    await anvil?.stop()
    if (stateDir) await rm(stateDir, { recursive: true, force: true })
  })

  test('answers 503 JSON while the database is down, and recovers by itself', async () => {
    const before = await send(anvil.rpcUrl, 1n)
    await waitFor(async () => (await hashesIn(await history())).includes(before), {
      message: 'the first transaction indexed',
    })

    await proxy.down()
    // The process's bounded copies (the project 5 s, answers 1 s on PostgreSQL) may still answer
    // for their short lives; past them, every request needs the database.
    await new Promise((resolve) => setTimeout(resolve, projectCacheTtlMs + 250))
    // Every request is answered, quickly, with the documented error: none dropped, no 500.
    const started = performance.now()
    const during = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        n % 2 === 0
          ? history()
          : fetch(`${api.url}/v1/supported-chains?projectId=${fixtureProjectId}`, {
              headers: { Origin: origin },
            }),
      ),
    )
    expect(performance.now() - started).toBeLessThan(5_000)
    for (const response of during) {
      expect(response.status).toBe(503)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(response.headers.get('retry-after')).toBe('5')
      expect([origin, '*']).toContain(response.headers.get('access-control-allow-origin'))
      expect(await response.json()).toEqual({
        error: {
          code: 'DATABASE_UNAVAILABLE',
          message: 'The database is unavailable. Try again shortly.',
        },
      })
    }
    expect((await fetch(`${api.url}/health`)).status).toBe(200)
    // The chain moves on while the database is down; the indexer fails to write it, backs off.
    const duringOutage = await send(anvil.rpcUrl, 2n)
    await waitFor(
      () =>
        entries.some(
          (entry) =>
            entry.level === 'warn' &&
            entry.message.includes('eip155:31337') &&
            /fail|lost/i.test(entry.message),
        ),
      { message: 'the indexer meeting the outage', timeoutMs: 10_000 },
    )
    expect((await history()).status).toBe(503)

    await proxy.up()
    // No restart: requests succeed again, and the indexer catches up with what it missed.
    await waitFor(async () => (await history()).status === 200, { message: 'a 200 again' })
    await waitFor(async () => (await hashesIn(await history())).includes(duringOutage), {
      message: 'the indexer resumed',
      timeoutMs: 25_000,
    })
    expect(entries.some((entry) => entry.message === 'The database is unavailable.')).toBe(true)
    expect(entries.filter((entry) => entry.level === 'error')).toEqual([])
  }, 60_000)
})
