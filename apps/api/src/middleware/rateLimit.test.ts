import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { apiErrorSchema, createNameMessage, toNameCoinType } from '@latch/api-contract'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppDeps, createApp } from '../app.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { forEachDatabase } from '../db/testing.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import { startApi } from '../startApi.ts'
import { createDbRateLimitStore } from '../stores/createDbRateLimitStore.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import {
  createRateLimitCounter,
  type RateLimitCounter,
  rateLimitWindowMs,
} from '../stores/createRateLimitCounter.ts'
import { midRateLimitWindow } from '../testing/midRateLimitWindow.ts'
import type { RateLimitSettings } from './rateLimit.ts'

const projectId = 'flood-project'
const otherProjectId = 'other-project'
/** Its own project: the counters of one database block outlive each test. */
const busyProjectId = 'busy-project'
const page = 'http://localhost:4170'
// anvil's well-known dev key (public, test funds only).
const alice = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)

const generous: RateLimitSettings = {
  readsPerIp: 1000,
  readsPerProject: 1000,
  writesPerIp: 1000,
  writesPerProject: 1000,
  trustProxyHops: 0,
}

/** The counters' clock: one fixed window for the whole file. */
const windowMiddle = midRateLimitWindow()

const counters: RateLimitCounter[] = []
afterAll(async () => {
  await Promise.all(counters.map((counter) => counter.stop()))
})

/** An API with rate limits over `database`'s shared counters (its own counter: one process). */
function limitedApp(
  database: Database,
  settings: Partial<RateLimitSettings>,
  extra: Partial<AppDeps> = {},
) {
  const counter = createRateLimitCounter({
    store: createDbRateLimitStore({ db: database.db }),
    now: () => windowMiddle,
  })
  counters.push(counter)
  const app = createApp({
    networks: [],
    projects: createMemoryProjectStore([
      { id: projectId, name: 'Flood', allowedOrigins: ['http://localhost:*'] },
      { id: otherProjectId, name: 'Other', allowedOrigins: ['http://localhost:*'] },
      { id: busyProjectId, name: 'Busy', allowedOrigins: ['http://localhost:*'] },
    ]),
    clients: new Map(),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
    db: database.db,
    rateLimits: { counter, settings: { ...generous, ...settings } },
    quotas: { namesPerAddress: 1000, maxPendingNonces: 100_000 },
    ...extra,
  })
  return { app, counter }
}

/** A request from the client at `ip` (the socket's remote address, as @hono/node-server gives it). */
function from(
  app: ReturnType<typeof createApp>,
  ip: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const incoming = { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } }
  return Promise.resolve(
    app.request(path, { ...init, headers: { Origin: page, ...init.headers } }, { incoming }),
  )
}

const nonce = (app: ReturnType<typeof createApp>, ip: string, project = projectId) =>
  from(app, ip, `/v1/auth/nonce?projectId=${project}`, { method: 'POST' })

async function registerName(app: ReturnType<typeof createApp>, ip: string, label: string) {
  const message = createNameMessage({ name: `${label}.latch.id` })
  return from(app, ip, '/v1/profile/account', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      projectId,
      coin_type: toNameCoinType(31337),
      address: alice.address,
      message,
      signature: await alice.signMessage({ message }),
    }),
  })
}

/** Every status of `responses`, counted: `{ 200: 5, 429: 3 }`. */
function statuses(responses: readonly Response[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1
  return counts
}

forEachDatabase('rate limits', (context) => {
  test('a nonce flood from one IP: the first writes pass, then 429s with Retry-After, JSON and CORS', async () => {
    const { app } = limitedApp(context.database, { writesPerIp: 5 })
    const flood = await Promise.all(Array.from({ length: 40 }, () => nonce(app, '198.51.100.1')))
    expect(statuses(flood)).toEqual({ 200: 5, 429: 35 })
    const refused = flood.find((response) => response.status === 429)
    if (!refused) throw new Error('No 429.')
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/)
    expect(refused.headers.get('access-control-allow-origin')).toBe(page)
    const { error } = apiErrorSchema.parse(await refused.json())
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.message).toMatch(
      /^Too many requests from this address: try again in \d+ seconds?\.$/,
    )

    // Nothing else breaks: another client writes, reads still answer, health is never limited.
    expect((await nonce(app, '198.51.100.2')).status).toBe(200)
    expect(
      (
        await from(
          app,
          '198.51.100.1',
          `/v1/profile/account/nobody.latch.id?projectId=${projectId}`,
        )
      ).status,
    ).toBe(404)
    expect((await from(app, '198.51.100.1', '/health')).status).toBe(200)
  })

  test('a name-registration flood from one IP: the limit holds and the names written are whole', async () => {
    const { app } = limitedApp(context.database, { writesPerIp: 4 })
    const labels = Array.from({ length: 12 }, (_, index) => `flood-name-${index}`)
    const flood = await Promise.all(labels.map((label) => registerName(app, '198.51.100.3', label)))
    expect(statuses(flood)).toEqual({ 201: 4, 429: 8 })
    for (const response of flood.filter((answer) => answer.status === 429))
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
    // Each 201 is a name that reads back; each 429 wrote nothing.
    const registered = await Promise.all(
      labels.map((label) =>
        from(app, '198.51.100.4', `/v1/profile/account/${label}.latch.id?projectId=${projectId}`),
      ),
    )
    expect(registered.map((response) => response.status)).toEqual(
      flood.map((response) => (response.status === 201 ? 200 : 404)),
    )
  })

  test('a project is limited across its clients, and other projects are not', async () => {
    const { app } = limitedApp(context.database, { writesPerProject: 6 })
    const flood = await Promise.all(
      Array.from({ length: 15 }, (_, index) => nonce(app, `203.0.113.${index + 1}`, busyProjectId)),
    )
    expect(statuses(flood)).toEqual({ 200: 6, 429: 9 })
    const refused = flood.find((response) => response.status === 429)
    const { error } = apiErrorSchema.parse(await refused?.json())
    expect(error.message).toMatch(/^Too many requests for this project/)
    expect((await nonce(app, '203.0.113.200', otherProjectId)).status).toBe(200)
  })

  test('reads are counted in memory: over the limit without waiting for the database', async () => {
    const { app } = limitedApp(context.database, { readsPerIp: 10 })
    const path = `/v1/profile/account/nobody.latch.id?projectId=${projectId}`
    const reads = await Promise.all(Array.from({ length: 25 }, () => from(app, '192.0.2.9', path)))
    expect(statuses(reads)).toEqual({ 404: 10, 429: 15 })
    expect((await from(app, '192.0.2.10', path)).status).toBe(404)
  })

  test('two API processes share the counters', async () => {
    // A second connection to the same database, as a second process has (PGlite: one database,
    // one process, so the two counters share its one connection).
    const second = context.url
      ? await createDatabase({ databaseUrl: context.url, maxConnections: 2 })
      : context.database
    try {
      const a = limitedApp(context.database, { writesPerIp: 6, readsPerIp: 8 })
      const b = limitedApp(second, { writesPerIp: 6, readsPerIp: 8 })
      // Writes: counted in the database before they run, so exact across processes.
      const writes = await Promise.all(
        Array.from({ length: 10 }, (_, index) => nonce(index % 2 ? a.app : b.app, '192.0.2.50')),
      )
      expect(statuses(writes)).toEqual({ 200: 6, 429: 4 })

      // Reads: each process counts locally and adds its counts every flush; then both know.
      const path = `/v1/profile/account/nobody.latch.id?projectId=${projectId}`
      for (let index = 0; index < 8; index++)
        expect((await from(a.app, '192.0.2.60', path)).status).toBe(404)
      await a.counter.flush()
      expect((await from(b.app, '192.0.2.60', path)).status).toBe(404)
      await b.counter.flush()
      expect((await from(b.app, '192.0.2.60', path)).status).toBe(429)
    } finally {
      if (second !== context.database) await second.close()
    }
  })
})

describe('served over HTTP (startApi)', () => {
  const env = {
    LATCH_PROJECT_IDS: 'test-project',
    LATCH_NETWORKS: JSON.stringify([
      {
        id: 10,
        name: 'OP Mainnet',
        rpcUrl: 'http://127.0.0.1:9',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ]),
    LATCH_INDEXER: 'off',
  }
  const silent = { info() {}, warn() {}, error() {} }
  let stateDir: string
  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'latch-rate-limits-'))
  })
  afterAll(async () => {
    await rm(stateDir, { recursive: true, force: true })
  })

  const flood = async (url: string, count: number) => {
    // The served API counts in minutes of the wall clock: a flood begun in a minute's last
    // seconds waits for the next one, so its few requests all count in one window.
    const left = rateLimitWindowMs - (Date.now() % rateLimitWindowMs)
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100))
    const answers: Response[] = []
    for (let index = 0; index < count; index++)
      answers.push(await fetch(`${url}/v1/auth/nonce?projectId=test-project`, { method: 'POST' }))
    return answers
  }

  test('on by default: the socket address is limited, with the configured numbers', async () => {
    const api = await startApi({
      port: 0,
      stateDir: path.join(stateDir, 'on'),
      env: { ...env, LATCH_RATE_LIMIT_WRITES_PER_IP: '3' },
      logger: silent,
    })
    try {
      const answers = await flood(api.url, 5)
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429])
      expect(answers[3]?.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(apiErrorSchema.parse(await answers[3]?.json()).error.code).toBe('RATE_LIMITED')
    } finally {
      await api.stop()
    }
  })

  test('LATCH_RATE_LIMITS=off switches them off (load benchmarks from one IP)', async () => {
    const api = await startApi({
      port: 0,
      stateDir: path.join(stateDir, 'off'),
      env: { ...env, LATCH_RATE_LIMITS: 'off', LATCH_RATE_LIMIT_WRITES_PER_IP: '3' },
      logger: silent,
    })
    try {
      const answers = await flood(api.url, 6)
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
    } finally {
      await api.stop()
    }
  })
})
