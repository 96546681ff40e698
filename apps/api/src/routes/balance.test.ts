import { type BalanceResponse, balanceResponseSchema, type DevnetChain } from '@latch/api-contract'
import { findFreePort, type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../app.ts'
import { createChainClients } from '../createChainClients.ts'
import { forEachDatabase } from '../db/testing.ts'
import type { Logger } from '../logger.ts'
import { type ApiNetwork, networkFromDevnetChain } from '../network.ts'
import type { GuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { createPriceSource } from '../services/prices/createPriceSource.ts'
import { createAnswerCache } from '../stores/createAnswerCache.ts'
import { createDbCacheStore } from '../stores/createDbCacheStore.ts'
import { createLayeredCacheStore } from '../stores/createLayeredCacheStore.ts'
import { createMemoryCacheStore } from '../stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from '../stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from '../stores/createMemoryWalletRegistryStore.ts'
import { createRecordingFetch } from '../testing/createRecordingFetch.ts'

const projectId = '0123456789abcdef0123456789abcdef'
const silent: Logger = { info() {}, warn() {}, error() {} }

let devnet: StartTestDevnetReturnType
let networks: ApiNetwork[]
let chain: DevnetChain

beforeAll(async () => {
  devnet = await startTestDevnet()
  networks = devnet.manifest.chains.map(networkFromDevnetChain)
  chain = devnet.manifest.chains[0] as DevnetChain
})
afterAll(async () => {
  await devnet?.stop()
})

/** The API over the devnet and one database, its chain reads recorded. */
function devnetApp(
  db: Parameters<typeof createDbCacheStore>[0]['db'],
  apiNetworks = networks,
  feed?: Parameters<typeof createPriceSource>[0]['feed'] & { fetchFn: GuardedFetch },
) {
  const recording = createRecordingFetch()
  const clients = createChainClients(apiNetworks, {
    timeout: 1_000,
    retryCount: 0,
    fetchFn: recording.fetchFn,
  })
  const cache = createDbCacheStore({ db })
  const app = createApp({
    networks: apiNetworks,
    projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
    clients,
    wallets: createMemoryWalletRegistryStore([]),
    cache,
    prices: createPriceSource({
      networks: apiNetworks,
      clients,
      cache,
      feed,
      fetch: feed?.fetchFn,
    }),
    logger: silent,
  })
  return { app, recording }
}

async function getBalances(
  app: ReturnType<typeof createApp>,
  address: string,
  query = 'chainId=eip155:31337',
): Promise<BalanceResponse> {
  const response = await app.request(
    `/v1/account/${address}/balance?projectId=${projectId}&${query}`,
  )
  expect(response.status).toBe(200)
  return balanceResponseSchema.parse(await response.json())
}

forEachDatabase('GET /v1/account/:address/balance', (context) => {
  // anvil's second account: funded with every token, never spends.
  const holder = () => devnet.manifest.accounts[1]?.address as Address

  test('lists the native coin and the listed tokens held, as on the chain; PTS is left out', async () => {
    const { app } = devnetApp(context.db)
    const body = await getBalances(app, holder())
    expect(body.balances.map((balance) => balance.symbol)).toEqual([
      'ETH',
      'LUSD',
      'WETH',
      'ALPHA',
      'BETA',
    ])

    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const native = await client.getBalance({ address: holder() })
    expect(body.balances[0]).toMatchObject({
      name: 'Ether',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      quantity: { decimals: '18', numeric: formatUnits(native, 18) },
      iconUrl:
        'http://localhost/public/getTokenImage/31337/0x0000000000000000000000000000000000000000',
    })
    for (const balance of body.balances.slice(1)) {
      const token = chain.tokens.find((candidate) => candidate.symbol === balance.symbol)
      if (!token) throw new Error(`Unexpected ${balance.symbol}.`)
      const amount = await client.readContract({
        address: token.address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [holder()],
      })
      expect(balance).toMatchObject({
        name: token.name,
        chainId: 'eip155:31337',
        address: `eip155:31337:${token.address}`,
        quantity: {
          decimals: String(token.decimals),
          numeric: formatUnits(amount, token.decimals),
        },
        iconUrl: `http://localhost/public/getTokenImage/31337/${token.address}`,
      })
    }
  })

  test('prices come from the pools, and value = quantity x price', async () => {
    const { app } = devnetApp(context.db)
    const body = await getBalances(app, holder())
    const bySymbol = new Map(body.balances.map((balance) => [balance.symbol, balance]))
    expect(bySymbol.get('LUSD')?.price).toBe(1)
    // One whole token sold into its pool: the seed price less the 0.3% fee and a little impact.
    expect(bySymbol.get('ETH')?.price).toBeCloseTo(3000 * 0.996, -1)
    expect(bySymbol.get('WETH')?.price).toBe(bySymbol.get('ETH')?.price)
    expect(bySymbol.get('ALPHA')?.price).toBeGreaterThan(2 * 0.996)
    expect(bySymbol.get('ALPHA')?.price).toBeLessThan(2)
    expect(bySymbol.get('BETA')?.price).toBeGreaterThan(30 * 0.99)
    expect(bySymbol.get('BETA')?.price).toBeLessThan(30)
    for (const balance of body.balances)
      expect(balance.value).toBe(Number(balance.quantity.numeric) * balance.price)
  })

  test('a second call within 30 s reads nothing from the chain; forceUpdate reads it again', async () => {
    const { app, recording } = devnetApp(context.db)
    const account = privateKeyToAddress(generatePrivateKey())
    const testClient = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
    await testClient.setBalance({ address: account, value: parseEther('1') })

    const first = await getBalances(app, account)
    // One multicall for every balance (the ether price may be cached by an earlier test).
    expect(recording.methods[0]).toBe('eth_call')
    expect(recording.methods.length).toBeLessThanOrEqual(2)
    expect(first.balances.map((balance) => balance.quantity.numeric)).toEqual(['1'])

    await testClient.setBalance({ address: account, value: parseEther('2') })
    recording.reset()
    const cached = await getBalances(app, account)
    expect(recording.methods).toEqual([])
    expect(cached).toEqual(first)

    // A second API process over the same database shares the cache.
    const other = devnetApp(context.db)
    expect(await getBalances(other.app, account)).toEqual(first)
    expect(other.recording.methods).toEqual([])

    const forced = await getBalances(app, account, 'chainId=31337&forceUpdate=true')
    // One multicall for every balance, one for every price: both caches are bypassed (the head
    // block is read first, for the forceUpdate throttle).
    expect(recording.methods.filter((method) => method !== 'eth_blockNumber')).toEqual([
      'eth_call',
      'eth_call',
    ])
    expect(forced.balances[0]?.quantity.numeric).toBe('2')
    // ...and the cache now holds the fresh balance.
    recording.reset()
    expect((await getBalances(app, account)).balances[0]?.quantity.numeric).toBe('2')
    expect(recording.methods).toEqual([])
  })

  test('forceUpdate is honoured once per account and chain every 5 s, by every process together', async () => {
    const { app, recording } = devnetApp(context.db)
    const other = devnetApp(context.db)
    const account = privateKeyToAddress(generatePrivateKey())
    const testClient = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
    await testClient.setBalance({ address: account, value: parseEther('1') })
    const forceUpdate = 'chainId=31337&forceUpdate=true'
    await getBalances(app, account, forceUpdate)
    expect(recording.methods).toContain('eth_call')

    // A client looping on forceUpdate: served from the cache, whichever process it reaches.
    await testClient.setBalance({ address: account, value: parseEther('2') })
    recording.reset()
    const looped = await Promise.all([
      getBalances(app, account, forceUpdate),
      getBalances(app, account, forceUpdate),
      getBalances(other.app, account, forceUpdate),
    ])
    // At most a head read each: no balance is read from the chain.
    expect(recording.methods.filter((method) => method !== 'eth_blockNumber')).toEqual([])
    expect(other.recording.methods.filter((method) => method !== 'eth_blockNumber')).toEqual([])
    expect(looped.map((body) => body.balances[0]?.quantity.numeric)).toEqual(['1', '1', '1'])

    // A new block (a transfer the user just made) is always seen, within the 5 s too.
    await testClient.mine({ blocks: 1 })
    recording.reset()
    const afterBlock = await getBalances(other.app, account, forceUpdate)
    expect(other.recording.methods).toContain('eth_call')
    expect(afterBlock.balances[0]?.quantity.numeric).toBe('2')
    // ...once: the same head again is served from the cache.
    other.recording.reset()
    await getBalances(other.app, account, forceUpdate)
    expect(other.recording.methods.filter((method) => method !== 'eth_blockNumber')).toEqual([])

    // Another account is not held back by this one's refresh.
    const another = privateKeyToAddress(generatePrivateKey())
    recording.reset()
    await getBalances(app, another, forceUpdate)
    expect(recording.methods).toContain('eth_call')
  })

  test('an account holding nothing still lists its native coin, at zero', async () => {
    const { app } = devnetApp(context.db)
    const body = await getBalances(app, privateKeyToAddress(generatePrivateKey()))
    expect(body.balances).toHaveLength(1)
    expect(body.balances[0]).toMatchObject({
      symbol: 'ETH',
      quantity: { decimals: '18', numeric: '0' },
      value: 0,
    })
  })

  test('each devnet chain answers its own balances', async () => {
    const { app } = devnetApp(context.db)
    const body = await getBalances(app, holder(), 'chainId=31339')
    expect(body.balances.map((balance) => balance.chainId)).toEqual(Array(5).fill('eip155:31339'))
    expect(body.balances[1]?.address).toBe(
      `eip155:31339:${devnet.manifest.chains[1]?.tokens[0]?.address}`,
    )
  })

  test('eur is refused: the pools quote USD only', async () => {
    const { app, recording } = devnetApp(context.db)
    const response = await app.request(
      `/v1/account/${holder()}/balance?projectId=${projectId}&chainId=31337&currency=eur`,
    )
    expect({ status: response.status, body: await response.json() }).toMatchInlineSnapshot(`
      {
        "body": {
          "error": {
            "code": "BAD_REQUEST",
            "message": "Currency "eur" is not available from this price source.",
          },
        },
        "status": 400,
      }
    `)
    expect(recording.methods).toEqual([])
  })

  test('a token the pools cannot price has price 0 and no value', async () => {
    // A listed "token" with no pool: the lantern collection answers balanceOf too.
    const withLanterns = networks.map((network) =>
      network.id === chain.id
        ? {
            ...network,
            tokens: [
              ...network.tokens,
              {
                address: chain.nft.address as Address,
                name: 'Latch Lanterns',
                symbol: 'LANTERN',
                decimals: 18,
                priceUsd: 0,
              },
            ],
          }
        : network,
    )
    const { app } = devnetApp(context.db, withLanterns)
    const lanternHolder = devnet.manifest.demoWallet.address
    const body = await getBalances(app, lanternHolder)
    const lanterns = body.balances.find((balance) => balance.symbol === 'LANTERN')
    expect(lanterns).toMatchObject({ price: 0, quantity: { numeric: '0.000000000000000003' } })
    expect(lanterns).not.toHaveProperty('value')
  })
})

describe('with an HTTP price feed', () => {
  const feedUrl = 'https://feed.example/prices/{chainId}?addresses={addresses}&currency={currency}'
  /** A feed quoting every token (and WETH for the native coin) at 2 USD or 1.84 EUR. */
  const feedFetch: GuardedFetch = async (input) => {
    const url = new URL(String(input))
    const currency = url.searchParams.get('currency') ?? ''
    const addresses = url.searchParams.get('addresses')?.split(',') ?? []
    const price = currency === 'eur' ? 1.84 : 2
    return Response.json(Object.fromEntries(addresses.map((a) => [a, { [currency]: price }])))
  }

  forEachDatabase('balances', (context) => {
    test('eur is answered when the source quotes it', async () => {
      const { app } = devnetApp(context.db, networks, { urlTemplate: feedUrl, fetchFn: feedFetch })
      const body = await getBalances(
        app,
        devnet.manifest.accounts[2]?.address as Address,
        'chainId=31337&currency=eur',
      )
      for (const balance of body.balances) {
        expect(balance.price).toBe(1.84)
        expect(balance.value).toBe(Number(balance.quantity.numeric) * 1.84)
      }
    })

    test('a feed that is down leaves balances unpriced rather than failing them', async () => {
      const down: GuardedFetch = async () => new Response('busy', { status: 503 })
      const { app } = devnetApp(context.db, networks, { urlTemplate: feedUrl, fetchFn: down })
      const body = await getBalances(app, devnet.manifest.accounts[3]?.address as Address)
      expect(body.balances.map((balance) => balance.symbol)).toEqual([
        'ETH',
        'LUSD',
        'WETH',
        'ALPHA',
        'BETA',
      ])
      for (const balance of body.balances) {
        expect(balance.price).toBe(0)
        expect(balance).not.toHaveProperty('value')
      }
    })
  })
})

describe('whole answers kept in memory', () => {
  /**
   * The API as `serveApi` builds it (the shared cache behind an in-process copy, whole answers
   * kept), over a clock the test moves, and an HTTP price feed quoting `feedPrice`.
   */
  function cachedApp() {
    const clock = { now: 1_000_000 }
    const now = () => clock.now
    /** The feed's price of everything; undefined: the feed is down (503). */
    let feedPrice: number | undefined = 2
    let feedCalls = 0
    const feedFetch: GuardedFetch = async (input) => {
      feedCalls++
      if (feedPrice === undefined) return new Response('busy', { status: 503 })
      const url = new URL(String(input))
      const addresses = url.searchParams.get('addresses')?.split(',') ?? []
      return Response.json(Object.fromEntries(addresses.map((a) => [a, { usd: feedPrice }])))
    }
    const recording = createRecordingFetch()
    const clients = createChainClients(networks, {
      timeout: 1_000,
      retryCount: 0,
      fetchFn: recording.fetchFn,
    })
    const cache = createLayeredCacheStore({ shared: createMemoryCacheStore({ now }), now })
    const answers = createAnswerCache({ ttlMs: 60_000, now })
    const app = createApp({
      networks,
      projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
      clients,
      wallets: createMemoryWalletRegistryStore([]),
      cache,
      answers,
      prices: createPriceSource({
        networks,
        clients,
        cache,
        feed: {
          urlTemplate:
            'https://feed.example/prices/{chainId}?addresses={addresses}&currency={currency}',
        },
        fetch: feedFetch,
      }),
      logger: silent,
    })
    return {
      app,
      recording,
      answers,
      clock,
      setFeedPrice: (price: number | undefined) => {
        feedPrice = price
      },
      feedCalls: () => feedCalls,
    }
  }

  test('a forced refresh after a transfer shows the new balance; the answer kept before is forgotten', async () => {
    const { app, recording, answers } = cachedApp()
    const account = privateKeyToAddress(generatePrivateKey())
    const testClient = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
    await testClient.setBalance({ address: account, value: parseEther('1') })
    const first = await getBalances(app, account)
    expect(first.balances[0]?.quantity.numeric).toBe('1')
    expect(answers.stats().entries).toBe(1)

    // A transfer to the account: within the 30 s the kept answer is served, no chain read.
    const sender = devnet.manifest.accounts[5]?.address as Address
    await testClient.impersonateAccount({ address: sender })
    await createWalletClient({ transport: http(chain.rpcUrl) }).sendTransaction({
      chain: null,
      account: sender,
      to: account,
      value: parseEther('0.5'),
    })
    await testClient.stopImpersonatingAccount({ address: sender })
    recording.reset()
    expect(await getBalances(app, account)).toEqual(first)
    expect(recording.methods).toEqual([])

    const forced = await getBalances(app, account, 'chainId=31337&forceUpdate=true')
    expect(forced.balances[0]?.quantity.numeric).toBe('1.5')
    expect(forced.balances[0]?.value).toBe(1.5 * 2)
    // ...and every later answer is the new one, from memory again.
    expect((await getBalances(app, account)).balances[0]?.quantity.numeric).toBe('1.5')
    recording.reset()
    expect((await getBalances(app, account)).balances[0]?.quantity.numeric).toBe('1.5')
    expect(recording.methods).toEqual([])
  })

  test('a price change is shown once the price passes its 30 s TTL, however long answers are kept', async () => {
    const { app, recording, clock, setFeedPrice, feedCalls } = cachedApp()
    const testClient = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
    // The ether price is read (and kept 30 s) through another account first.
    const other = privateKeyToAddress(generatePrivateKey())
    await getBalances(app, other)
    expect(feedCalls()).toBe(1)

    // 10 s later this account's balance is read: kept until 40 s, its price only until 30 s.
    clock.now += 10_000
    const account = privateKeyToAddress(generatePrivateKey())
    await testClient.setBalance({ address: account, value: parseEther('3') })
    expect((await getBalances(app, account)).balances[0]?.value).toBe(3 * 2)
    setFeedPrice(5)
    clock.now += 19_999
    expect((await getBalances(app, account)).balances[0]?.value).toBe(3 * 2)
    expect(feedCalls()).toBe(1)

    clock.now += 1
    recording.reset()
    const repriced = await getBalances(app, account)
    expect(repriced.balances[0]).toMatchObject({ price: 5, value: 3 * 5 })
    expect(feedCalls()).toBe(2)
    // The balance itself was still fresh: no chain read.
    expect(recording.methods).toEqual([])

    // The balance expires at 40 s: then it is read from the chain again.
    await testClient.setBalance({ address: account, value: parseEther('4') })
    clock.now += 9_999
    expect((await getBalances(app, account)).balances[0]?.quantity.numeric).toBe('3')
    clock.now += 1
    expect((await getBalances(app, account)).balances[0]).toMatchObject({
      quantity: { numeric: '4' },
      value: 4 * 5,
    })
    expect(recording.methods).toContain('eth_call')
  })

  test('a feed that is down: the unpriced answer is not kept, prices show once it is back', async () => {
    const { app, setFeedPrice } = cachedApp()
    const account = privateKeyToAddress(generatePrivateKey())
    setFeedPrice(undefined)
    const unpriced = await getBalances(app, account)
    expect(unpriced.balances[0]?.price).toBe(0)
    setFeedPrice(2)
    expect((await getBalances(app, account)).balances[0]?.price).toBe(2)
  })
})

describe('an unreachable RPC', () => {
  forEachDatabase('balances', (context) => {
    test('is a 502 UPSTREAM_UNAVAILABLE, not a hang or a 500', async () => {
      const closedPort = await findFreePort()
      const dead = networks.map((network) => ({
        ...network,
        rpcUrl: `http://127.0.0.1:${closedPort}`,
      }))
      const { app } = devnetApp(context.db, dead)
      const response = await app.request(
        `/v1/account/${devnet.manifest.accounts[1]?.address}/balance?projectId=${projectId}&chainId=31337`,
      )
      expect({ status: response.status, body: await response.json() }).toMatchInlineSnapshot(`
        {
          "body": {
            "error": {
              "code": "UPSTREAM_UNAVAILABLE",
              "message": "The RPC for chain eip155:31337 did not answer.",
            },
          },
          "status": 502,
        }
      `)
    })
  })
})
