import { expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import type { Logger } from '../logger.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { createSdkUsageCounter } from '../stores/createSdkUsageCounter.ts'
import type { SdkUsageRow } from '../stores/sdkUsageStore.ts'

const projectId = '0123456789abcdef0123456789abcdef'
const silent: Logger = { info() {}, warn() {}, error() {} }

test('the API counts the SDK headers (or /getWallets query) of served requests per project', async () => {
  const written: SdkUsageRow[] = []
  const sdkUsage = createSdkUsageCounter({
    store: { add: async (rows) => void written.push(...rows), list: async () => [] },
    flushIntervalMs: 60_000,
  })
  const app = createApp({
    networks: [],
    projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
    clients: createChainClients([]),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createMemoryCacheStore(),
    logger: silent,
    sdkUsage,
  })
  const sdk = (version: string) => ({ 'x-sdk-type': 'latch', 'x-sdk-version': version })
  const get = async (path: string, headers: Record<string, string> = {}) =>
    (await app.request(`http://api.test${path}`, { headers })).status

  expect(await get(`/projects/v1/origins?projectId=${projectId}`, sdk('1.2.3'))).toBe(200)
  expect(await get(`/projects/v1/origins?projectId=${projectId}`, sdk('1.2.3'))).toBe(200)
  expect(await get(`/getWallets?projectId=${projectId}&sdkType=latch&sdkVersion=1.2.4`)).toBe(200)
  // Not counted: no SDK headers, an unknown project, a refused request, values that are not
  // a short word and a version.
  expect(await get(`/projects/v1/origins?projectId=${projectId}`)).toBe(200)
  expect(await get('/projects/v1/origins?projectId=nope', sdk('1.2.3'))).toBe(401)
  expect(await get(`/getWallets?projectId=${projectId}&page=0`, sdk('1.2.3'))).toBe(400)
  expect(
    await get(`/projects/v1/origins?projectId=${projectId}`, {
      'x-sdk-type': 'latch',
      'x-sdk-version': `1.${'9'.repeat(100)}`,
    }),
  ).toBe(200)
  expect(
    await get(`/projects/v1/origins?projectId=${projectId}`, {
      'x-sdk-type': '<script>',
      'x-sdk-version': '1.0.0',
    }),
  ).toBe(200)

  expect(written).toEqual([])
  await sdkUsage.stop()
  const day = new Date().toISOString().slice(0, 10)
  expect(written).toEqual([
    { projectId, day, sdkType: 'latch', sdkVersion: '1.2.3', count: 2 },
    { projectId, day, sdkType: 'latch', sdkVersion: '1.2.4', count: 1 },
  ])
})
