import {
  onrampOptionsResponseSchema,
  onrampQuoteResponseSchema,
  onrampUrlResponseSchema,
} from '@latch/api-contract'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AppEnv } from '../appEnv.ts'
import { errorResponse } from '../errorResponse.ts'
import { BaseError } from '../errors/base.ts'
import type { Logger } from '../logger.ts'
import type { ApiNetwork } from '../network.ts'
import { createGuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { createGuardedOnrampFetch } from '../services/onramp/createGuardedOnrampFetch.ts'
import { createOnrampOptionsCache } from '../services/onramp/createOnrampOptionsCache.ts'
import { createOnrampProviders } from '../services/onramp/createOnrampProviders.ts'
import {
  type FakeOnrampProviders,
  moonpaySignatureOf,
  startFakeOnrampProviders,
} from '../services/onramp/testing/startFakeOnrampProviders.ts'
import type { PriceSource } from '../services/prices/priceSource.ts'
import { onrampRoute } from './onramp.ts'

const projectId = '0123456789abcdef0123456789abcdef'
const buyer = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const network = {
  id: 31337,
  name: 'Latch Devnet',
  rpcUrl: 'http://127.0.0.1:9',
  publicRpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  nativePriceUsd: 3000,
  testnet: true,
  tokens: [],
} satisfies ApiNetwork
/** ETH at 3,000 USD and 2,800 EUR; nothing else. */
let pricesKnown = true
const prices: PriceSource = {
  currencies: ['usd', 'eur'],
  getPrices: async ({ tokens, currency }) =>
    new Map(
      pricesKnown ? tokens.map((token) => [token.address, currency === 'usd' ? 3000 : 2800]) : [],
    ),
}
const warnings: string[] = []
const logger: Logger = { info() {}, warn: (message) => void warnings.push(message), error() {} }

let fakes: FakeOnrampProviders
let app: Hono<AppEnv>

beforeAll(async () => {
  fakes = await startFakeOnrampProviders()
})
afterAll(async () => {
  await fakes?.stop()
})
beforeEach(() => {
  fakes.coinbase.mode = 'ok'
  fakes.moonpay.mode = 'ok'
  fakes.requests.length = 0
  pricesKnown = true
  warnings.length = 0
  const { providers } = createOnrampProviders({
    settings: {
      LATCH_ONRAMP_PROVIDERS: ['coinbase', 'moonpay'],
      LATCH_ONRAMP_COINBASE_API_URL: fakes.coinbase.apiUrl,
      LATCH_ONRAMP_COINBASE_API_KEY: fakes.coinbase.apiKey,
      LATCH_ONRAMP_COINBASE_SECRET: fakes.coinbase.secret,
      LATCH_ONRAMP_COINBASE_CHECKOUT_URL: 'https://pay.coinbase.com/buy/select-asset',
      LATCH_ONRAMP_COINBASE_FEE: undefined,
      LATCH_ONRAMP_COINBASE_SENDERS: undefined,
      LATCH_ONRAMP_MOONPAY_API_URL: fakes.moonpay.apiUrl,
      LATCH_ONRAMP_MOONPAY_API_KEY: fakes.moonpay.apiKey,
      LATCH_ONRAMP_MOONPAY_SECRET: fakes.moonpay.secret,
      LATCH_ONRAMP_MOONPAY_CHECKOUT_URL: 'https://buy.moonpay.com',
      LATCH_ONRAMP_MOONPAY_FEE: undefined,
      LATCH_ONRAMP_MOONPAY_SENDERS: undefined,
      LATCH_ONRAMP_COUNTRY: 'US',
      LATCH_ONRAMP_TIMEOUT_MS: 400,
    },
    // The fakes listen on 127.0.0.1: the guarded fetcher with private hosts allowed, as on the devnet.
    fetch: createGuardedOnrampFetch(createGuardedFetch({ allowPrivateHosts: true })),
  })
  app = new Hono<AppEnv>().route(
    '/v1',
    onrampRoute({
      providers,
      optionsCache: createOnrampOptionsCache(),
      prices,
      networks: [network],
      logger,
    }),
  )
  app.onError((error, c) =>
    error instanceof BaseError ? errorResponse(c, error) : c.text(String(error), 500),
  )
})

const get = async (path: string) => {
  const response = await app.request(`/v1${path}?projectId=${projectId}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const post = async (path: string, body: unknown) => {
  const response = await app.request(`/v1${path}?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
/** The body AppKit's on-ramp client sends: the option objects, and the currency's symbol as the network. */
const appKitQuote = (amount = '100') => ({
  purchaseCurrency: {
    id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
    name: 'Ethereum',
    symbol: 'ETH',
    networks: [
      {
        name: 'latch-devnet',
        display_name: 'Latch Devnet',
        chain_id: '31337',
        contract_address: '',
      },
    ],
  },
  paymentCurrency: { id: 'USD', payment_method_limits: [{ id: 'card', min: '5', max: '7500' }] },
  amount,
  network: 'ETH',
})

describe('GET /v1/onramp/options', () => {
  test("merges both providers' options in AppKit's shape", async () => {
    const { status, body } = await get('/onramp/options')
    expect(status).toBe(200)
    const options = onrampOptionsResponseSchema.parse(body)
    expect(options.fallback).toBe(false)
    expect(options.providers).toEqual([
      { id: 'coinbase', name: 'Coinbase', feeRange: '1%' },
      { id: 'moonpay', name: 'MoonPay', feeRange: '2%' },
    ])
    expect(options.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '5', max: '10000' },
          { id: 'ach_bank_account', min: '10', max: '25000' },
        ],
      },
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20', max: '10000' }] },
    ])
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
        name: 'Ethereum',
        symbol: 'ETH',
        networks: [
          {
            name: 'latch-devnet',
            display_name: 'Latch Devnet',
            chain_id: '31337',
            contract_address: '',
          },
        ],
      },
    ])
  })

  test.each([
    ['error', 'bad-json'],
    ['hang', 'wrong-shape'],
  ] as const)(
    'falls back to the built-in list when no provider answers (%s, %s)',
    async (coinbase, moonpay) => {
      fakes.coinbase.mode = coinbase
      fakes.moonpay.mode = moonpay
      const { status, body } = await get('/onramp/options')
      expect(status).toBe(200)
      expect(onrampOptionsResponseSchema.parse(body)).toMatchObject({
        fallback: true,
        paymentCurrencies: ['USD', 'EUR'].map((id) => ({
          id,
          payment_method_limits: [
            { id: 'card', min: '10.00', max: '7500.00' },
            { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
          ],
        })),
        purchaseCurrencies: [
          {
            symbol: 'ETH',
            networks: [
              {
                name: 'latch-devnet',
                chain_id: '31337',
                contract_address: '0x0000000000000000000000000000000000000000',
              },
            ],
          },
        ],
      })
      expect(warnings).toContain('An on-ramp provider did not give its options.')
    },
  )
})

describe('POST /v1/onramp/quote', () => {
  test("answers each provider's quote with its fees, the best at the top level", async () => {
    const { status, body } = await post('/onramp/quote', appKitQuote())
    expect(status).toBe(200)
    const quote = onrampQuoteResponseSchema.parse(body)
    expect(
      quote.quotes.map((entry) => [
        entry.provider.id,
        entry.estimated,
        entry.purchaseAmount.amount,
        entry.providerFee.amount,
      ]),
    ).toEqual([
      ['coinbase', false, '0.03283333', '1.00'],
      ['moonpay', false, '0.03266667', '2.00'],
    ])
    expect(quote).toMatchObject({
      provider: 'coinbase',
      estimated: false,
      paymentTotal: { amount: '100.00', currency: 'USD' },
      paymentSubtotal: { amount: '98.50', currency: 'USD' },
      purchaseAmount: { amount: '0.03283333', currency: 'ETH' },
      coinbaseFee: { amount: '1.00', currency: 'USD' },
      networkFee: { amount: '0.50', currency: 'USD' },
      quoteId: 'quote-coinbase-1',
    })
    // Each provider was asked in its own words.
    expect(fakes.requests.find((entry) => entry.path === '/onramp/v1/buy/quote')?.body).toEqual({
      purchaseCurrency: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
      purchaseNetwork: 'latch-devnet',
      paymentAmount: '100.00',
      paymentCurrency: 'USD',
      paymentMethod: 'CARD',
      country: 'US',
    })
    expect(fakes.requests.find((entry) => entry.path.includes('buy_quote'))?.path).toContain(
      'baseCurrencyCode=usd&baseCurrencyAmount=100.00&paymentMethod=credit_debit_card&areFeesIncluded=true',
    )
  })

  test.each(['error', 'bad-json', 'wrong-shape', 'hang'] as const)(
    'a provider that fails (%s) is replaced by an estimate from the price feed, marked estimated',
    async (mode) => {
      fakes.moonpay.mode = mode
      const quote = onrampQuoteResponseSchema.parse(
        (await post('/onramp/quote', appKitQuote())).body,
      )
      expect(quote.provider).toBe('coinbase')
      expect(quote.quotes[1]).toMatchObject({
        provider: { id: 'moonpay' },
        estimated: true,
        paymentTotal: { amount: '100.00', currency: 'USD' },
        paymentSubtotal: { amount: '98.00', currency: 'USD' },
        providerFee: { amount: '2.00', currency: 'USD' },
        networkFee: { amount: '0.00', currency: 'USD' },
        purchaseAmount: { amount: '0.03266667', currency: 'ETH' },
      })
      expect(quote.quotes[1]?.quoteId).toMatch(/^estimated-moonpay-/)
    },
  )

  test('when every provider fails, the best estimate is the answer, marked estimated', async () => {
    fakes.coinbase.mode = 'error'
    fakes.moonpay.mode = 'error'
    const quote = onrampQuoteResponseSchema.parse(
      (await post('/onramp/quote', { ...appKitQuote('50'), paymentCurrency: 'EUR' })).body,
    )
    expect(quote).toMatchObject({
      provider: 'coinbase',
      estimated: true,
      paymentTotal: { amount: '50.00', currency: 'EUR' },
      coinbaseFee: { amount: '0.50', currency: 'EUR' },
      purchaseAmount: { amount: '0.01767857', currency: 'ETH' },
    })
    expect(quote.quotes.every((entry) => entry.estimated)).toBe(true)
  })

  test('with no provider and no price, a 502 says no quote is available', async () => {
    fakes.coinbase.mode = 'error'
    fakes.moonpay.mode = 'error'
    pricesKnown = false
    expect(await post('/onramp/quote', appKitQuote())).toEqual({
      status: 502,
      body: {
        error: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'No on-ramp quote for "ETH" is available right now.',
        },
      },
    })
  })

  test('bad inputs are 400s that say what is wrong', async () => {
    const cases: [unknown, string][] = [
      ['{"amount":', 'The request body must be JSON.'],
      [{ ...appKitQuote(), amount: undefined }, 'amount is required.'],
      [
        { ...appKitQuote(), amount: '-5' },
        'amount must be a positive decimal number, like "100.00".',
      ],
      [appKitQuote('4'), 'amount must be between 5 and 10000 USD by card.'],
      [{ ...appKitQuote(), purchaseCurrency: 'DOGE' }, 'purchaseCurrency "DOGE" is not offered.'],
      [{ ...appKitQuote(), paymentCurrency: 'GBP' }, 'paymentCurrency "GBP" is not offered.'],
      [{ ...appKitQuote(), network: 'solana' }, 'network "solana" is not offered for ETH.'],
      [
        { ...appKitQuote(), paymentCurrency: 'US Dollars' },
        'paymentCurrency must be an ISO 4217 code, like "USD".',
      ],
      [
        { ...appKitQuote(), paymentMethod: 'apple_pay' },
        'paymentMethod "apple_pay" is not offered for USD.',
      ],
    ]
    const messages = await Promise.all(
      cases.map(async ([body]) => (await post('/onramp/quote', body)).body),
    )
    expect(messages.map((entry) => (entry.error as { message: string }).message)).toEqual(
      cases.map(([, message]) => message),
    )
  })

  test('a body over 16 KB is refused with 413', async () => {
    const { status } = await post('/onramp/quote', {
      ...appKitQuote(),
      padding: 'x'.repeat(17 * 1024),
    })
    expect(status).toBe(413)
  })
})

describe('POST /v1/generators/onrampurl', () => {
  const wallets = [{ address: buyer, blockchains: ['latch-devnet'], assets: ['ETH'] }]

  test("Coinbase: a session token for the wallets, then the checkout URL with AppKit's presets", async () => {
    const { status, body } = await post('/generators/onrampurl', {
      destinationWallets: wallets,
      defaultNetwork: 'latch-devnet',
      partnerUserId: 'user-1',
      defaultExperience: 'buy',
      presetFiatAmount: 100,
    })
    expect(status).toBe(200)
    const { url, provider } = onrampUrlResponseSchema.parse(body)
    expect(provider).toBe('coinbase')
    expect(url).toBe(
      'https://pay.coinbase.com/buy/select-asset?sessionToken=session-token-1&defaultNetwork=latch-devnet&defaultExperience=buy&partnerUserId=user-1&presetFiatAmount=100&fiatCurrency=USD',
    )
    expect(fakes.requests.find((entry) => entry.path === '/onramp/v1/token')?.body).toEqual({
      addresses: [{ address: buyer, blockchains: ['latch-devnet'] }],
      assets: ['ETH'],
    })
  })

  test('MoonPay: the widget URL for the wallet, signed with the secret key', async () => {
    const { body } = await post('/generators/onrampurl', {
      destinationWallets: wallets,
      defaultNetwork: '31337',
      partnerUserId: 'user-1',
      presetFiatAmount: 50,
      provider: 'moonpay',
      purchaseCurrency: 'ETH',
    })
    const url = new URL(onrampUrlResponseSchema.parse(body).url)
    expect(url.origin).toBe('https://buy.moonpay.com')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      apiKey: fakes.moonpay.apiKey,
      currencyCode: 'eth_latch_devnet',
      walletAddress: buyer,
      baseCurrencyCode: 'usd',
      baseCurrencyAmount: '50',
      externalCustomerId: 'user-1',
    })
    expect(url.searchParams.get('signature')).toBe(moonpaySignatureOf(url, fakes.moonpay.secret))
  })

  test('a provider that does not answer is a 502; bad inputs are 400s', async () => {
    fakes.coinbase.mode = 'hang'
    expect(await post('/generators/onrampurl', { destinationWallets: wallets })).toEqual({
      status: 502,
      body: {
        error: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'The on-ramp provider "coinbase" did not answer: it took too long.',
        },
      },
    })
    const bad = async (body: unknown) =>
      ((await post('/generators/onrampurl', body)).body.error as { message: string }).message
    expect(await bad({})).toBe('destinationWallets is required.')
    expect(await bad({ destinationWallets: [] })).toBe(
      'destinationWallets must name at least one wallet.',
    )
    expect(await bad({ destinationWallets: [{ address: '0x12' }] })).toBe(
      'Each destination address must be a 0x address.',
    )
    expect(await bad({ destinationWallets: wallets, provider: 'paypal' })).toBe(
      'provider "paypal" is not configured; configured: coinbase, moonpay.',
    )
    expect(await bad({ destinationWallets: wallets, defaultExperience: 'sell' })).toBe(
      'defaultExperience must be "buy" or "send".',
    )
  })
})
