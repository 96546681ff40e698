import {
  type DevnetChain,
  historyResponseSchema,
  onrampOptionsResponseSchema,
  onrampQuoteResponseSchema,
  onrampUrlResponseSchema,
} from '@latch/api-contract'
import { parseConfig } from '@latch/config'
import { type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { App } from './app.ts'
import { createApp } from './app.ts'
import { createChainClients } from './createChainClients.ts'
import { forEachDatabase } from './db/testing.ts'
import { type StartIndexerReturnType, startIndexer } from './indexer/startIndexer.ts'
import { createTestLogger } from './indexer/testing/createTestLogger.ts'
import { waitForIndexedBlock } from './indexer/testing/waitForIndexedBlock.ts'
import { type ApiNetwork, networkFromDevnetChain } from './network.ts'
import { createGuardedFetch } from './services/fetch/createGuardedFetch.ts'
import { createGuardedOnrampFetch } from './services/onramp/createGuardedOnrampFetch.ts'
import { createOnrampProviders } from './services/onramp/createOnrampProviders.ts'
import { createMemoryCacheStore } from './stores/createMemoryCacheStore.ts'
import { createMemoryProjectStore } from './stores/createMemoryProjectStore.ts'
import { createMemoryWalletRegistryStore } from './stores/createMemoryWalletRegistryStore.ts'

/**
 * Issue 14: the on-ramp end to end on the real devnet. The API's adapters talk to the devnet's
 * sandbox exactly as they would to Coinbase and MoonPay (only URLs and keys differ); the
 * sandbox's checkout page takes a test card and pays the purchase out on anvil; the indexer sees
 * it and the history's `onramp` filter answers it.
 */

const projectId = '0123456789abcdef0123456789abcdef'
let devnet: StartTestDevnetReturnType
let chain: DevnetChain
let networks: ApiNetwork[]

beforeAll(async () => {
  devnet = await startTestDevnet()
  chain = devnet.manifest.chains[0] as DevnetChain
  networks = devnet.manifest.chains.map(networkFromDevnetChain)
}, 90_000)
afterAll(async () => {
  await devnet?.stop()
})

forEachDatabase('the on-ramp on the devnet sandbox', (context) => {
  let app: App
  let indexer: StartIndexerReturnType
  const buyer = privateKeyToAccount(generatePrivateKey()).address

  beforeAll(() => {
    const clients = createChainClients(networks, { timeout: 5_000, retryCount: 0 })
    const onramp = createOnrampProviders({
      settings: parseConfig({}),
      manifest: devnet.manifest,
      fetch: createGuardedOnrampFetch(createGuardedFetch({ allowPrivateHosts: true })),
    })
    indexer = startIndexer({
      db: context.db,
      networks: [networks[0] as ApiNetwork],
      clients,
      log: createTestLogger().logger,
      pollingIntervalMs: 50,
      startFrom: 'genesis',
    })
    app = createApp({
      networks,
      projects: createMemoryProjectStore([{ id: projectId, name: 'Test' }]),
      clients,
      wallets: createMemoryWalletRegistryStore([]),
      cache: createMemoryCacheStore(),
      logger: createTestLogger().logger,
      db: context.db,
      onramp,
    })
  })
  afterAll(async () => {
    await indexer?.stop()
  })

  const call = async (path: string, body?: unknown) => {
    const response = await app.request(`/v1${path}?projectId=${projectId}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const json = await response.json()
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`)
    return json
  }
  /** Opens a checkout URL as a browser would and reads its form's checkout id. */
  const openCheckout = async (url: string) => {
    const page = await fetch(url)
    const html = await page.text()
    expect(page.status, html).toBe(200)
    expect(html).toContain(buyer)
    const checkout = /name="checkout" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '', url)
    return { checkout, action }
  }
  const pay = async (action: URL, fields: Record<string, string>) => {
    const response = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    })
    return { status: response.status, html: await response.text() }
  }

  test('options and quotes come from both sandbox brands through the real adapters', async () => {
    const options = onrampOptionsResponseSchema.parse(await call('/onramp/options'))
    expect(options.fallback).toBe(false)
    expect(options.providers).toEqual([
      { id: 'coinbase', name: 'Sandbox Coinbase', feeRange: '1%' },
      { id: 'moonpay', name: 'Sandbox MoonPay', feeRange: '2%' },
    ])
    const eth = options.purchaseCurrencies.find((currency) => currency.symbol === 'ETH')
    expect(eth?.networks.map((network) => network.chain_id)).toEqual(
      devnet.manifest.chains.map((entry) => String(entry.id)),
    )
    const quote = onrampQuoteResponseSchema.parse(
      await call('/onramp/quote', {
        purchaseCurrency: eth,
        paymentCurrency: options.paymentCurrencies[0],
        amount: '100',
        network: 'ETH',
      }),
    )
    expect(
      quote.quotes.map((entry) => [
        entry.provider.id,
        entry.estimated,
        entry.providerFee.amount,
        entry.purchaseAmount.amount,
      ]),
    ).toEqual([
      ['coinbase', false, '1.00', '0.033'],
      ['moonpay', false, '2.00', '0.03266666'],
    ])
  })

  test('buying ETH: the checkout takes a test card, funds the address on anvil, and the history lists it', async () => {
    const { url } = onrampUrlResponseSchema.parse(
      await call('/generators/onrampurl', {
        destinationWallets: [{ address: buyer, blockchains: ['latch-devnet'], assets: ['ETH'] }],
        defaultNetwork: 'latch-devnet',
        partnerUserId: 'user-1',
        defaultExperience: 'buy',
        presetFiatAmount: 100,
      }),
    )
    const { checkout, action } = await openCheckout(url)
    const refused = await pay(action, {
      checkout,
      amount: '100',
      currency: 'USD',
      card: '4000 1234 5678 9010',
    })
    expect(refused.status).toBe(400)
    expect(refused.html).toContain('test card numbers only')

    const paid = await pay(action, {
      checkout,
      amount: '100',
      currency: 'USD',
      card: '4242 4242 4242 4242',
    })
    expect(paid.status, paid.html).toBe(200)
    expect(paid.html).toContain('Purchase complete')
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    expect(await client.getBalance({ address: buyer })).toBe(parseEther('0.033'))

    const head = Number(await client.getBlockNumber())
    await waitForIndexedBlock(indexer, head)
    const response = await app.request(
      `/v1/account/${buyer}/history?projectId=${projectId}&onramp=coinbase`,
    )
    const { data } = historyResponseSchema.parse(await response.json())
    expect(data).toHaveLength(1)
    expect(data[0]?.metadata).toMatchObject({
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      onramp: 'coinbase',
      operationType: 'receive',
    })
    expect(data[0]?.transfers[0]).toMatchObject({
      direction: 'in',
      quantity: { numeric: '0.033' },
      fungible_info: { symbol: 'ETH' },
    })
    const moonpay = await app.request(
      `/v1/account/${buyer}/history?projectId=${projectId}&onramp=moonpay`,
    )
    expect(historyResponseSchema.parse(await moonpay.json()).data).toEqual([])
  }, 60_000)

  test('MoonPay: the signed widget URL opens the checkout; a forged one does not', async () => {
    const { url } = onrampUrlResponseSchema.parse(
      await call('/generators/onrampurl', {
        destinationWallets: [{ address: buyer }],
        provider: 'moonpay',
        purchaseCurrency: 'ETH',
        defaultNetwork: String(chain.id),
        presetFiatAmount: 50,
      }),
    )
    await openCheckout(url)
    const forged = new URL(url)
    forged.searchParams.set('walletAddress', privateKeyToAccount(generatePrivateKey()).address)
    expect((await fetch(forged)).status).toBe(403)
  })
})
