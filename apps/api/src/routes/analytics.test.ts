import type { AddressInfo } from 'node:net'
import { apiErrorSchema, maxAnalyticsBodyBytes, serverMessages } from '@latch/api-contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { createHttpServer } from '../createHttpServer.ts'
import { createDatabase } from '../db/createDatabase.ts'
import { analyticsEvents } from '../db/schema/index.ts'
import { createTestLogger } from '../indexer/testing/createTestLogger.ts'
import type { AnalyticsSettings } from '../services/analytics/analyticsSettings.ts'
import { createDbAnalyticsStore } from '../stores/createDbAnalyticsStore.ts'
import { createDbRateLimitStore } from '../stores/createDbRateLimitStore.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { createRateLimitCounter } from '../stores/createRateLimitCounter.ts'
import { midRateLimitWindow } from '../testing/midRateLimitWindow.ts'

const origin = 'https://shop.test'
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Shaped like a signature: never stored, whatever the settings. */
const signature = `0x${'ab'.repeat(65)}`
const writesPerIp = 12
/** The rate-limit counters' clock: one fixed window for the whole file. */
const windowMiddle = midRateLimitWindow()

/** The real API over HTTP on a free port, with its own in-memory database. */
async function serve(settings: Partial<AnalyticsSettings>) {
  const database = await createDatabase({ dataDir: 'memory://', migrate: true })
  const counter = createRateLimitCounter({
    store: createDbRateLimitStore({ db: database.db }),
    now: () => windowMiddle,
  })
  const app = createApp({
    networks: [],
    projects: createMemoryProjectStore([
      { id: 'default-project', name: 'Default', allowedOrigins: [origin] },
      { id: 'opted-in', name: 'Opted in', allowedOrigins: [origin], features: { analytics: true } },
      {
        id: 'opted-out',
        name: 'Opted out',
        allowedOrigins: [origin],
        features: { analytics: false },
      },
    ]),
    clients: createChainClients([]),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: createTestLogger().logger,
    db: database.db,
    analytics: { settings },
    rateLimits: {
      counter,
      settings: {
        readsPerIp: 1000,
        readsPerProject: 1000,
        writesPerIp,
        writesPerProject: 1000,
        trustProxyHops: 0,
      },
    },
  })
  const server = createHttpServer(app.fetch, {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    maxConnections: 100,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    database,
    store: createDbAnalyticsStore({ db: database.db }),
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await counter.stop()
      await database.close()
    },
  }
}

type Served = Awaited<ReturnType<typeof serve>>

const post = (served: Served, projectId: string, body: unknown, from = origin) =>
  fetch(`${served.url}/e?projectId=${projectId}`, {
    method: 'POST',
    headers: { origin: from, 'content-type': 'application/json', 'x-sdk-type': 'latch' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const config = async (served: Served, projectId: string) => {
  const response = await fetch(`${served.url}/getAnalyticsConfig?projectId=${projectId}`, {
    headers: { origin },
  })
  expect(response.status).toBe(200)
  return response.json()
}
const event = (name: string, extra: Record<string, unknown> = {}) => ({
  eventId: crypto.randomUUID(),
  timestamp: Date.now(),
  props: { type: 'track', event: name, address, ...extra },
})
const errorOf = async (response: Response) => apiErrorSchema.parse(await response.json()).error

describe('analytics off (the default)', () => {
  let served: Served
  beforeAll(async () => {
    served = await serve({})
  })
  afterAll(async () => {
    await served?.stop()
  })

  test('the config says off, unless the project itself opted in', async () => {
    expect(await config(served, 'default-project')).toEqual({ isAnalyticsEnabled: false })
    expect(await config(served, 'opted-in')).toEqual({ isAnalyticsEnabled: true })
  })

  test('POST /e records nothing for a project that is off: 404 in JSON', async () => {
    const response = await post(served, 'default-project', event('MODAL_OPEN'))
    expect(response.status).toBe(404)
    expect((await errorOf(response)).message).toMatch(/Analytics is off/)
    expect(await served.database.db.select().from(analyticsEvents)).toEqual([])
  })

  test('an unknown project is a 401, a missing one a 400', async () => {
    const unknown = await fetch(`${served.url}/e?projectId=nobody`, {
      method: 'POST',
      body: JSON.stringify(event('MODAL_OPEN')),
    })
    expect(unknown.status).toBe(401)
    expect((await errorOf(unknown)).message).toBe(serverMessages.invalidKey)
    const missing = await fetch(`${served.url}/getAnalyticsConfig`)
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).message).toBe('A projectId is required.')
  })
})

describe('analytics on (LATCH_ANALYTICS=on)', () => {
  let served: Served
  beforeAll(async () => {
    served = await serve({ enabled: true })
  })
  afterAll(async () => {
    await served?.stop()
  })

  test('the config says on; a project that opted out stays off', async () => {
    expect(await config(served, 'default-project')).toEqual({ isAnalyticsEnabled: true })
    expect(await config(served, 'opted-out')).toEqual({ isAnalyticsEnabled: false })
    expect((await post(served, 'opted-out', event('MODAL_OPEN'))).status).toBe(404)
  })

  test('events are stored with no IP, no address and no key; npm run analytics counts them', async () => {
    const response = await post(served, 'default-project', {
      events: [
        event('MODAL_OPEN'),
        event('CONNECT_SUCCESS', {
          properties: { wallet: 'Test Wallet', account: address, proof: signature, count: 2 },
        }),
        event('MODAL_OPEN'),
      ],
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ accepted: 3 })
    const rows = await served.database.db.select().from(analyticsEvents)
    expect(rows).toHaveLength(3)
    for (const row of rows) {
      expect(row.address).toBeNull()
      expect(row.sdkType).toBe('latch')
      expect(JSON.stringify(row)).not.toContain('127.0.0.1')
      expect(JSON.stringify(row).toLowerCase()).not.toContain(address.slice(2).toLowerCase())
      expect(JSON.stringify(row)).not.toContain('abab')
    }
    expect(rows.find((row) => row.event === 'CONNECT_SUCCESS')?.properties).toEqual({
      wallet: 'Test Wallet',
      account: '[address]',
      proof: '[redacted]',
      count: 2,
    })
    const today = new Date().toISOString().slice(0, 10)
    expect(await served.store.summarize({ projectId: 'default-project' })).toEqual([
      { day: today, event: 'CONNECT_SUCCESS', count: 1 },
      { day: today, event: 'MODAL_OPEN', count: 2 },
    ])
  })

  test('bad events are 400s that say why; a large body is a 413; nothing is stored', async () => {
    const before = (await served.database.db.select().from(analyticsEvents)).length
    const cases: [unknown, number, RegExp][] = [
      ['not json', 400, /must be JSON/],
      [{ props: { event: 'modal open' } }, 400, /props\.event: An event name is upper snake case/],
      [{ props: { event: 'X' }, ip: '1.2.3.4' }, 400, /./],
      [{ events: [] }, 400, /at least one event/],
      [{ events: Array.from({ length: 26 }, () => event('X')) }, 400, /at most 25 events/],
      [
        { props: { event: 'X', properties: { note: 'x'.repeat(300) } } },
        400,
        /at most 256 characters/,
      ],
      [
        {
          props: { event: 'X', properties: { a: 'x'.repeat(250), b: 'y'.repeat(250) } },
          url: 'u'.repeat(maxAnalyticsBodyBytes),
        },
        413,
        /larger than 16 KB/,
      ],
    ]
    for (const [body, status, message] of cases) {
      const response = await post(served, 'default-project', body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect((await errorOf(response)).message).toMatch(message)
    }
    expect(await served.database.db.select().from(analyticsEvents)).toHaveLength(before)
  })

  test('an origin off the project list is a readable 403 (the page shows Invalid App Configuration)', async () => {
    const response = await post(served, 'default-project', event('MODAL_OPEN'), 'https://evil.test')
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://evil.test')
    expect((await errorOf(response)).message).toBe(serverMessages.originNotAllowed)
  })

  test('POST /e is rate limited like the other writes: 429 with Retry-After', async () => {
    let limited: Response | undefined
    for (let index = 0; index < writesPerIp + 1 && !limited; index++) {
      const response = await post(served, 'default-project', event('SEND_SUCCESS'))
      if (response.status === 429) limited = response
      else await response.body?.cancel()
    }
    expect(limited?.status).toBe(429)
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('analytics keeping addresses (LATCH_ANALYTICS_KEEP_ADDRESS=on)', () => {
  let served: Served
  beforeAll(async () => {
    served = await serve({ enabled: true, keepAddress: true })
  })
  afterAll(async () => {
    await served?.stop()
  })

  test('the address is stored, a signature still is not', async () => {
    const response = await post(
      served,
      'default-project',
      event('SEND_SUCCESS', { properties: { signature: 'x', hash: signature } }),
    )
    expect(response.status).toBe(200)
    const [row] = await served.database.db.select().from(analyticsEvents)
    expect(row?.address).toBe(address)
    expect(row?.properties).toEqual({ signature: '[redacted]', hash: '[redacted]' })
  })
})
