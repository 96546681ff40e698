import { describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import type { FetchLike } from '../types.ts'
import { buyQuoteDelayMs, createBuyFlow } from './createBuyFlow.ts'
import { type OnrampWindowLike, openOnrampWindow } from './openOnrampWindow.ts'

const buyer = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const coinbase = { id: 'coinbase', name: 'Coinbase', feeRange: '1%' }
const moonpay = { id: 'moonpay', name: 'MoonPay', feeRange: '2%' }
const options = {
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: '10', max: '7500' },
        { id: 'ach_bank_account', min: '10', max: '25000' },
      ],
    },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10', max: '7500' }] },
  ],
  purchaseCurrencies: [
    {
      id: 'eth',
      name: 'Ether',
      symbol: 'ETH',
      networks: [
        { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
        {
          name: 'latch-devnet',
          display_name: 'Latch Devnet',
          chain_id: '31337',
          contract_address: '',
        },
      ],
    },
    {
      id: 'lusd',
      name: 'Latch USD',
      symbol: 'LUSD',
      networks: [
        {
          name: 'latch-devnet',
          display_name: 'Latch Devnet',
          chain_id: '31337',
          contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        },
      ],
    },
  ],
  providers: [coinbase, moonpay],
  fallback: false,
}
const amount = (value: string, currency: string) => ({ amount: value, currency })
const quoteOf = (provider: typeof coinbase, eth: string, fee: string, estimated = false) => ({
  provider,
  paymentTotal: amount('100', 'USD'),
  paymentSubtotal: amount(String(100 - Number(fee)), 'USD'),
  purchaseAmount: amount(eth, 'ETH'),
  providerFee: amount(fee, 'USD'),
  networkFee: amount('0', 'USD'),
  quoteId: `${provider.id}-1`,
  estimated,
})
const quotes = [quoteOf(coinbase, '0.033', '1'), quoteOf(moonpay, '0.0326', '2', true)]
const quoteAnswer = {
  ...quotes[0],
  coinbaseFee: quotes[0]?.providerFee,
  provider: 'coinbase',
  estimated: false,
  quotes,
}
const purchase = (id: string) => ({
  id,
  metadata: {
    operationType: 'receive',
    status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
    hash: `0x${id.padStart(64, '0')}`,
    minedAt: '2026-11-25T23:00:00.000Z',
    sentFrom: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    sentTo: buyer,
    nonce: 1,
    chain: 'eip155:31337',
    blockNumber: 7,
    onramp: 'coinbase',
  },
  transfers: [
    {
      direction: 'in',
      quantity: { numeric: '0.033' },
      fungible_info: {
        name: 'Ether',
        symbol: 'ETH',
        address: 'eip155:31337:0x0000000000000000000000000000000000000000',
      },
    },
  ],
})

/** A fake Latch API: the on-ramp routes and the history's onramp page; records each call. */
function createFakeApi() {
  const calls: { url: string; body: unknown }[] = []
  const api = {
    calls,
    purchases: [purchase('old')] as unknown[],
    optionsStatus: 200,
    urlAnswer: { url: 'http://127.0.0.1:4173/onramp/checkout/coinbase?x=1', provider: 'coinbase' },
  }
  const json = (status: number, body: unknown) => ({
    ok: status < 400,
    status,
    json: async () => body,
  })
  const fetch: FetchLike = async (url, init) => {
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    calls.push({ url, body })
    if (url.includes('/v1/onramp/options'))
      return json(api.optionsStatus, api.optionsStatus === 200 ? options : { error: {} })
    if (url.includes('/v1/onramp/quote')) {
      if (Number(body.amount) > 7500)
        return json(400, { error: { code: 'BAD_REQUEST', message: 'Too much.' } })
      return json(200, quoteAnswer)
    }
    if (url.includes('/v1/generators/onrampurl')) return json(200, api.urlAnswer)
    if (url.includes('/history')) return json(200, { data: api.purchases, next: null })
    return json(404, { error: { message: 'Not found.' } })
  }
  return { api, fetch }
}

function setup() {
  const { api, fetch } = createFakeApi()
  const clock = createFakeScheduler()
  const config = createLatchConfig({
    networks: [
      {
        id: 31337,
        name: 'Latch Devnet',
        caipNetworkId: 'eip155:31337',
        rpcUrl: 'http://127.0.0.1:8545',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    apiUrl: 'http://api.test',
    projectId: 'abc',
    fetch,
    scheduler: clock.scheduler,
  })
  const flow = createBuyFlow(config, { pollIntervalMs: 1000, timeoutMs: 5000 })
  return { api, clock, config, flow }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const fakeWindow = () => {
  const window = { closed: false, close: () => void 0, location: { href: '' }, opener: {} }
  window.close = () => {
    window.closed = true
  }
  return window satisfies OnrampWindowLike
}

describe('createBuyFlow', () => {
  it("loads the options, picks the connected chain's coin, and quotes each provider", async () => {
    const { api, clock, flow } = setup()
    flow.start({ address: buyer, chainId: 31337 })
    await settle()
    const state = flow.getState()
    expect(state.currencies.map((entry) => entry.key)).toEqual([
      'ETH:latch-devnet',
      'LUSD:latch-devnet',
    ])
    expect(state).toMatchObject({
      currencyKey: 'ETH:latch-devnet',
      paymentCurrency: 'USD',
      paymentMethod: 'card',
      amount: '100',
      limit: { min: 10, max: 7500 },
      validation: undefined,
      quotes: { status: 'pending' },
    })
    clock.advance(buyQuoteDelayMs)
    await settle()
    expect(api.calls.at(-1)).toEqual({
      url: 'http://api.test/v1/onramp/quote?projectId=abc',
      body: {
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        amount: '100',
        network: 'latch-devnet',
        paymentMethod: 'card',
      },
    })
    const after = flow.getState()
    expect(after.quotes.status).toBe('success')
    expect(after.providerId).toBe('coinbase')
    // MoonPay's quote is an estimate (its API did not answer): the view marks it.
    expect(
      after.quotes.status === 'success' &&
        after.quotes.value.quotes.map((quote) => [quote.provider.id, quote.estimated]),
    ).toEqual([
      ['coinbase', false],
      ['moonpay', true],
    ])
  })

  it("checks the amount against the method's limits before asking a quote; only the last change is quoted", async () => {
    const { api, clock, flow } = setup()
    flow.start({ address: buyer, chainId: 31337 })
    await settle()
    flow.setAmount('9000')
    expect(flow.getState()).toMatchObject({
      validation: { key: 'aboveMaximum', values: { max: '7500', currency: 'USD' } },
      quotes: { status: 'idle' },
    })
    flow.setPaymentMethod('ach_bank_account')
    expect(flow.getState()).toMatchObject({
      limit: { min: 10, max: 25000 },
      validation: undefined,
      quotes: { status: 'pending' },
    })
    flow.setAmount('250')
    clock.advance(buyQuoteDelayMs)
    await settle()
    const asked = api.calls.filter((call) => call.url.includes('/onramp/quote'))
    expect(asked.map((call) => (call.body as { amount: string }).amount)).toEqual(['250'])
    // EUR has no bank account: the method falls back to card.
    flow.setPaymentCurrency('EUR')
    expect(flow.getState()).toMatchObject({ paymentCurrency: 'EUR', paymentMethod: 'card' })
  })

  it('options the API cannot give are an error; start again asks again', async () => {
    const { api, flow } = setup()
    api.optionsStatus = 404
    flow.start({ address: buyer, chainId: 31337 })
    await settle()
    await settle()
    expect(flow.getState().options).toMatchObject({
      status: 'error',
      error: { name: 'OnrampOptionsUnavailableError' },
    })
    api.optionsStatus = 200
    flow.start({ address: buyer, chainId: 31337 })
    await settle()
    expect(flow.getState().options.status).toBe('success')
  })

  it("opens the chosen provider's checkout for the address, then waits for a new purchase", async () => {
    const { api, clock, flow } = setup()
    flow.start({ address: buyer, chainId: 31337 })
    await settle()
    clock.advance(buyQuoteDelayMs)
    await settle()
    flow.selectProvider('moonpay')
    api.urlAnswer = {
      url: 'http://127.0.0.1:4173/onramp/checkout/moonpay?s=1',
      provider: 'moonpay',
    }
    const window = fakeWindow()
    const result = flow.continue({ window })
    await settle()
    await settle()
    expect(api.calls.find((call) => call.url.includes('onrampurl'))?.body).toEqual({
      destinationWallets: [{ address: buyer, blockchains: ['latch-devnet'], assets: ['ETH'] }],
      defaultNetwork: 'latch-devnet',
      defaultExperience: 'buy',
      presetFiatAmount: 100,
      fiatCurrency: 'USD',
      purchaseCurrency: 'ETH',
      provider: 'moonpay',
    })
    expect(window.location.href).toBe('http://127.0.0.1:4173/onramp/checkout/moonpay?s=1')
    expect(flow.getState().purchase).toEqual({
      status: 'waiting',
      provider: moonpay,
      sameTab: false,
    })
    // The purchase that was there before does not end the wait; a new one does.
    clock.advance(1000)
    await settle()
    expect(flow.getState().purchase.status).toBe('waiting')
    api.purchases = [purchase('new'), purchase('old')]
    clock.advance(1000)
    await settle()
    const outcome = await result
    expect(outcome).toMatchObject({ status: 'purchased', amount: '0.033', symbol: 'ETH' })
    expect(flow.getState().purchase).toMatchObject({
      status: 'purchased',
      provider: moonpay,
      transaction: { id: 'new' },
    })
    // The balances are read past the API's cache.
    await settle()
    expect(api.calls.some((call) => call.url.includes('forceUpdate=true'))).toBe(true)
  })

  it('the wait ends in a timeout, or when cancelled', async () => {
    const { clock, flow } = setup()
    flow.start({ address: buyer, chainId: 31337 })
    await settle()
    clock.advance(buyQuoteDelayMs)
    await settle()
    const first = flow.continue({ window: fakeWindow() })
    await settle()
    await settle()
    for (let tick = 0; tick < 7; tick++) {
      clock.advance(1000)
      await settle()
    }
    expect(await first).toEqual({ status: 'timeout', provider: coinbase })
    const second = flow.continue({ window: fakeWindow() })
    await settle()
    await settle()
    flow.cancel()
    expect(flow.getState().purchase).toEqual({ status: 'idle' })
    clock.advance(1000)
    expect(await second).toEqual({ status: 'cancelled' })
  })

  it('openOnrampWindow opens an empty named window without a handle on the app; blocked is null', () => {
    const window = fakeWindow()
    const opened: unknown[][] = []
    const page = (open: () => OnrampWindowLike | null) => ({
      open: (...args: unknown[]) => {
        opened.push(args)
        return open()
      },
      location: { assign: () => undefined },
    })
    expect(openOnrampWindow(page(() => window))).toBe(window)
    expect(window.opener).toBeNull()
    expect(opened).toEqual([['', 'latch-onramp']])
    expect(openOnrampWindow(page(() => null))).toBeNull()
    expect(
      openOnrampWindow(
        page(() => {
          throw new Error('blocked')
        }),
      ),
    ).toBeNull()
  })

  it('a blocked window: this page goes to the checkout', async () => {
    const { clock, flow } = setup()
    flow.start({ address: buyer, chainId: 31337 })
    await settle()
    clock.advance(buyQuoteDelayMs)
    await settle()
    const assigned: string[] = []
    const result = await flow.continue({
      window: null,
      page: { location: { assign: (url) => void assigned.push(url) } },
    })
    expect(result).toEqual({ status: 'left' })
    expect(assigned).toEqual(['http://127.0.0.1:4173/onramp/checkout/coinbase?x=1'])
  })

  it('refuses an answer that is not a web page, and an invalid form', async () => {
    const { api, clock, flow } = setup()
    flow.start({ address: buyer, chainId: 31337 })
    await settle()
    clock.advance(buyQuoteDelayMs)
    await settle()
    api.urlAnswer = { url: 'javascript:alert(1)', provider: 'coinbase' }
    const window = fakeWindow()
    const result = await flow.continue({ window })
    expect(result).toMatchObject({
      status: 'failed',
      error: {
        name: 'OnrampUrlUnavailableError',
        details: 'The checkout URL is not an http(s) URL.',
      },
    })
    expect(window.closed).toBe(true)
    flow.setAmount('1')
    expect(await flow.continue({ window: fakeWindow() })).toEqual({ status: 'invalid' })
  })
})
