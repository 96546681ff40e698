import { identityResponseSchema } from '@latch/api-contract'
import type { Address } from 'viem'
import { expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { forEachDatabase } from '../db/testing.ts'
import type { Logger } from '../logger.ts'
import type { NameResolver } from '../services/identity/nameResolver.ts'
import { createDbCacheStore } from '../stores/createDbCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'

const projectId = '0123456789abcdef0123456789abcdef'
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const silent: Logger = { info() {}, warn() {}, error() {} }

function identityApp(db: Parameters<typeof createDbCacheStore>[0]['db'], names?: NameResolver) {
  return createApp({
    networks: [],
    projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
    clients: new Map(),
    wallets: createMemoryWalletRegistryStore([]),
    cache: createDbCacheStore({ db }),
    logger: silent,
    ...(names ? { names } : {}),
  })
}

async function json(pending: Response | Promise<Response>) {
  const response = await pending
  return { status: response.status, body: await response.json() }
}

forEachDatabase('GET /v1/identity/:address', (context) => {
  test('answers no name and no avatar until names arrive', async () => {
    const app = identityApp(context.db)
    const result = await json(app.request(`/v1/identity/${alice}?projectId=${projectId}`))
    expect(result).toEqual({ status: 200, body: { name: null, avatar: null } })
    identityResponseSchema.parse(result.body)
    const withSender = await app.request(
      `/v1/identity/${alice.toLowerCase()}?projectId=${projectId}&sender=${bob}`,
    )
    expect(await withSender.json()).toEqual({ name: null, avatar: null })
  })

  test('asks the resolver once per address within 5 minutes, across API processes', async () => {
    const asked: { address: Address; sender?: Address | undefined }[] = []
    const names: NameResolver = {
      async resolve(parameters) {
        asked.push(parameters)
        return { name: 'bob.latch', avatar: null }
      },
    }
    const first = identityApp(context.db, names)
    const second = identityApp(context.db, names)
    const url = `/v1/identity/${bob}?projectId=${projectId}&sender=${alice}`
    expect((await json(first.request(url))).body).toEqual({ name: 'bob.latch', avatar: null })
    expect((await json(second.request(url))).body).toEqual({ name: 'bob.latch', avatar: null })
    expect(asked).toEqual([{ address: bob, sender: alice }])
  })

  test('bad input is a 400 naming it', async () => {
    const app = identityApp(context.db)
    expect(
      await json(app.request(`/v1/identity/0x123?projectId=${projectId}`)),
    ).toMatchInlineSnapshot(`
        {
          "body": {
            "error": {
              "code": "BAD_REQUEST",
              "message": "Invalid address "0x123".",
            },
          },
          "status": 400,
        }
      `)
    expect(
      await json(app.request(`/v1/identity/${alice}?projectId=${projectId}&sender=me`)),
    ).toMatchInlineSnapshot(`
        {
          "body": {
            "error": {
              "code": "BAD_REQUEST",
              "message": "sender must be an address (0x and 40 hex digits).",
            },
          },
          "status": 400,
        }
      `)
    expect((await json(app.request(`/v1/identity/${alice}`))).status).toBe(400)
  })
})
