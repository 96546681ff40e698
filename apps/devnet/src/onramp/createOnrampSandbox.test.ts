import { createPrivateKey, sign } from 'node:crypto'
import type { DevnetChain } from '@latch/api-contract'
import { devnetManifestFixture } from '@latch/test'
import { Hono } from 'hono'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, test } from 'vitest'
import { createOnrampSandbox } from './createOnrampSandbox.ts'
import { createSandboxKeys } from './createSandboxKeys.ts'
import type { SandboxPayout } from './createSandboxPayout.ts'
import { checkoutPageCsp } from './renderCheckoutPage.ts'
import { sandboxBrands } from './sandboxBrands.ts'

const chain = devnetManifestFixture('http://127.0.0.1:9').chains[0] as DevnetChain
const baseUrl = 'http://127.0.0.1:4173/onramp'
const returnUrl = 'http://127.0.0.1:4170/'
const buyer = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const keys = createSandboxKeys()

let payouts: Parameters<SandboxPayout>[0][]
let failPayout: boolean
let sandbox: ReturnType<typeof createOnrampSandbox>
/** The services server's mount of the sandbox. */
let served: Hono

beforeEach(() => {
  payouts = []
  failPayout = false
  sandbox = createOnrampSandbox({
    chains: [chain],
    baseUrl,
    returnUrl,
    keys,
    payOut: async (payout) => {
      if (failPayout) throw new Error('anvil is down')
      payouts.push(payout)
      return { transactionHash: `0x${'ab'.repeat(32)}` }
    },
  })
  served = new Hono().route('/onramp', sandbox.app)
})

/** A CDP JWT as the API's adapter makes it, for a request to the sandbox. */
function cdpJwt(method: string, path: string, keyName = keys.coinbase.keyName) {
  const seed = Buffer.from(keys.coinbase.secret, 'base64').subarray(0, 32)
  const key = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  })
  const now = Math.floor(Date.now() / 1000)
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${part({ alg: 'EdDSA', kid: keyName, typ: 'JWT', nonce: '00' })}.${part({ iss: 'cdp', sub: keyName, nbf: now, exp: now + 120, uri: `${method} 127.0.0.1:4173/onramp${path}` })}`
  return `Bearer ${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`
}

async function openCoinbaseCheckout(query = '') {
  const tokenResponse = await served.request(`${baseUrl}/coinbase/v1/token`, {
    method: 'POST',
    headers: {
      authorization: cdpJwt('POST', '/coinbase/v1/token'),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ addresses: [{ address: buyer, blockchains: ['latch-devnet'] }] }),
  })
  expect(tokenResponse.status).toBe(200)
  const { token } = (await tokenResponse.json()) as { token: string }
  const page = await served.request(
    `${baseUrl}/checkout/coinbase?sessionToken=${token}&defaultNetwork=latch-devnet&presetFiatAmount=50${query}`,
  )
  const html = await page.text()
  return { page, html, token, checkout: /name="checkout" value="([^"]+)"/.exec(html)?.[1] ?? '' }
}

const pay = (fields: Record<string, string>) =>
  served.request(`${baseUrl}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })

describe('the Coinbase-style API', () => {
  test('refuses a call without a valid JWT for that very request', async () => {
    const none = await served.request(`${baseUrl}/coinbase/v1/buy/options`)
    expect(none.status).toBe(401)
    const other = await served.request(`${baseUrl}/coinbase/v1/buy/options`, {
      headers: { authorization: cdpJwt('POST', '/coinbase/v1/token') },
    })
    expect(await other.json()).toEqual({
      errorType: 'unauthorized',
      errorMessage: 'The JWT is for another request.',
    })
  })

  test('answers options and quotes in the documented shapes, with the brand fee', async () => {
    const options = await served.request(`${baseUrl}/coinbase/v1/buy/options?country=US`, {
      headers: { authorization: cdpJwt('GET', '/coinbase/v1/buy/options') },
    })
    const body = (await options.json()) as {
      paymentCurrencies: { id: string; limits: { id: string }[] }[]
      purchaseCurrencies: { symbol: string; networks: { name: string; chainId: string }[] }[]
    }
    expect(body.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR'])
    expect(body.paymentCurrencies[0]?.limits).toEqual([
      { id: 'CARD', min: '10', max: '7500' },
      { id: 'ACH_BANK_ACCOUNT', min: '10', max: '25000' },
    ])
    expect(body.purchaseCurrencies[0]?.networks[0]).toMatchObject({
      name: 'latch-devnet',
      chainId: '31337',
    })
    const quote = await served.request(`${baseUrl}/coinbase/v1/buy/quote`, {
      method: 'POST',
      headers: { authorization: cdpJwt('POST', '/coinbase/v1/buy/quote') },
      body: JSON.stringify({
        purchaseCurrency: 'eth',
        purchaseNetwork: 'latch-devnet',
        paymentAmount: '100.00',
        paymentCurrency: 'USD',
        paymentMethod: 'CARD',
        country: 'US',
      }),
    })
    expect(await quote.json()).toMatchObject({
      paymentTotal: { value: '100.00', currency: 'USD' },
      paymentSubtotal: { value: '99.00', currency: 'USD' },
      coinbaseFee: { value: '1.00', currency: 'USD' },
      networkFee: { value: '0.00', currency: 'USD' },
      purchaseAmount: { value: '0.033', currency: 'ETH' },
    })
  })
})

describe('the checkout page', () => {
  test('opens once per session token, escaped, under a strict CSP, with labelled fields', async () => {
    const { page, html, token } = await openCoinbaseCheckout()
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(checkoutPageCsp)
    expect(checkoutPageCsp).toContain("default-src 'none'")
    expect(checkoutPageCsp).toContain("frame-ancestors 'none'")
    expect(html).not.toContain('<script')
    expect(html).toContain(buyer)
    expect(html).toContain('<label for="card">Card number</label>')
    expect(html).toContain('value="50"')
    const again = await served.request(`${baseUrl}/checkout/coinbase?sessionToken=${token}`)
    expect(again.status).toBe(403)
    expect(await again.text()).toContain('expired or was already used')
  })

  test('a preset crypto amount opens with what buys it, the fee included', async () => {
    const tokenResponse = await served.request(`${baseUrl}/coinbase/v1/token`, {
      method: 'POST',
      headers: { authorization: cdpJwt('POST', '/coinbase/v1/token') },
      body: JSON.stringify({ addresses: [{ address: buyer, blockchains: [] }] }),
    })
    const { token } = (await tokenResponse.json()) as { token: string }
    const page = await served.request(
      `${baseUrl}/checkout/coinbase?sessionToken=${token}&presetCryptoAmount=0.033`,
    )
    // 0.033 ETH at 3,000 USD is 99 USD, plus 1%.
    expect(await page.text()).toContain('value="100"')
  })

  test('refuses a card number that is not a well-known test number, and charges nothing', async () => {
    const { checkout } = await openCoinbaseCheckout()
    const refused = await pay({
      checkout,
      amount: '50',
      currency: 'USD',
      card: '4111 1111 1111 1112',
    })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain(
      'This sandbox takes test card numbers only, such as 4242 4242 4242 4242. That number was refused and nothing was charged.',
    )
    expect(html).toContain('aria-invalid="true"')
    expect(payouts).toEqual([])
  })

  test('checks the amount and currency', async () => {
    const { checkout } = await openCoinbaseCheckout()
    const low = await pay({ checkout, amount: '5', currency: 'USD', card: '4242424242424242' })
    expect(await low.text()).toContain('Enter an amount between 10 and 7500 USD')
    const currency = await pay({
      checkout,
      amount: '50',
      currency: 'GBP',
      card: '4242424242424242',
    })
    expect(await currency.text()).toContain('Choose USD or EUR.')
    const injected = await pay({
      checkout,
      amount: '<img src=x>',
      currency: 'USD',
      card: '4242424242424242',
    })
    const html = await injected.text()
    expect(html).toContain('value="&lt;img src=x&gt;"')
    expect(html).not.toContain('<img src=x>')
  })

  test('a test card pays the purchase out once, then shows "Purchase complete" and a link back', async () => {
    const { checkout } = await openCoinbaseCheckout(
      '&redirectUrl=http%3A%2F%2F127.0.0.1%3A4170%2Fbuy',
    )
    const paid = await pay({
      checkout,
      amount: '100',
      currency: 'USD',
      card: '4242 4242 4242 4242',
    })
    expect(paid.status).toBe(200)
    const html = await paid.text()
    expect(html).toContain('Purchase complete')
    expect(html).toContain('0.033 ETH for 100.00 USD with Sandbox Coinbase')
    expect(html).toContain(
      '<a href="http://127.0.0.1:4170/buy" rel="noreferrer">Back to the app</a>',
    )
    expect(payouts).toHaveLength(1)
    expect(payouts[0]).toMatchObject({ address: buyer, amount: '0.033', brand: { id: 'coinbase' } })
    expect(payouts[0]?.asset).toMatchObject({ symbol: 'ETH', chainId: 31337 })
    const twice = await pay({ checkout, amount: '100', currency: 'USD', card: '4242424242424242' })
    expect(twice.status).toBe(404)
    expect(payouts).toHaveLength(1)
  })

  test('a failed payout keeps the checkout open and says nothing was charged', async () => {
    const { checkout } = await openCoinbaseCheckout()
    failPayout = true
    const failed = await pay({ checkout, amount: '100', currency: 'USD', card: '4242424242424242' })
    expect(failed.status).toBe(502)
    expect(await failed.text()).toContain('Nothing was charged; try again.')
    failPayout = false
    const retried = await pay({
      checkout,
      amount: '100',
      currency: 'USD',
      card: '4242424242424242',
    })
    expect(retried.status).toBe(200)
  })

  test('a javascript: return URL is not linked', async () => {
    const { checkout } = await openCoinbaseCheckout('&redirectUrl=javascript%3Aalert(1)')
    const paid = await pay({ checkout, amount: '100', currency: 'EUR', card: '5555555555554444' })
    const html = await paid.text()
    expect(html).not.toContain('javascript:')
    expect(html).toContain(`href="${returnUrl}"`)
  })
})

describe('the MoonPay-style API and widget', () => {
  const provider = () => sandbox.manifest.providers.find((entry) => entry.id === 'moonpay')
  test('lists currencies and quotes with fees included, by the publishable key', async () => {
    const { apiKey } = provider() ?? { apiKey: '' }
    expect((await served.request(`${baseUrl}/moonpay/v3/currencies?apiKey=pk_wrong`)).status).toBe(
      401,
    )
    const quote = await served.request(
      `${baseUrl}/moonpay/v3/currencies/eth_latch_devnet/buy_quote?apiKey=${apiKey}&baseCurrencyCode=usd&baseCurrencyAmount=100&paymentMethod=credit_debit_card&areFeesIncluded=true`,
    )
    expect(await quote.json()).toMatchObject({
      baseCurrencyAmount: 98,
      feeAmount: 2,
      networkFeeAmount: 0,
      totalAmount: 100,
      quoteCurrencyAmount: 0.03266666,
    })
  })

  test('opens only a URL signed with the secret key', async () => {
    const { createHmac } = await import('node:crypto')
    const { apiKey, secret, checkoutUrl } = provider() ?? {
      apiKey: '',
      secret: '',
      checkoutUrl: '',
    }
    const url = new URL(checkoutUrl)
    url.searchParams.set('apiKey', apiKey)
    url.searchParams.set('currencyCode', 'eth_latch_devnet')
    url.searchParams.set('walletAddress', buyer)
    url.searchParams.set(
      'signature',
      createHmac('sha256', secret).update(url.search).digest('base64'),
    )
    expect((await served.request(url.toString())).status).toBe(200)
    url.searchParams.set('walletAddress', '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720')
    const forged = await served.request(url.toString())
    expect(forged.status).toBe(403)
    expect(await forged.text()).toContain('not signed by the app')
  })
})

test('the manifest names both brands, their fees, URLs, keys and funding accounts', () => {
  expect(
    sandbox.manifest.providers.map(({ id, feePercent, apiUrl, checkoutUrl }) => ({
      id,
      feePercent,
      apiUrl,
      checkoutUrl,
    })),
  ).toEqual([
    {
      id: 'coinbase',
      feePercent: 1,
      apiUrl: `${baseUrl}/coinbase`,
      checkoutUrl: `${baseUrl}/checkout/coinbase`,
    },
    {
      id: 'moonpay',
      feePercent: 2,
      apiUrl: `${baseUrl}/moonpay`,
      checkoutUrl: `${baseUrl}/checkout/moonpay`,
    },
  ])
  expect(sandbox.manifest.providers.map((entry) => entry.senders)).toEqual(
    sandboxBrands.map((brand) => [privateKeyToAccount(brand.fundingKey).address]),
  )
})
