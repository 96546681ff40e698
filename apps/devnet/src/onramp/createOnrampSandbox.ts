import type { DevnetChain, DevnetManifest } from '@latch/api-contract'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type Address, getAddress, isAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { coinbaseSandboxRoutes, findSandboxAsset } from './coinbaseSandboxRoutes.ts'
import { type Checkout, createCheckoutStore } from './createCheckoutStore.ts'
import { createSandboxKeys, type SandboxKeys } from './createSandboxKeys.ts'
import type { SandboxPayout } from './createSandboxPayout.ts'
import { isTestCardNumber } from './isTestCardNumber.ts'
import {
  hasValidMoonpaySignature,
  moonpaySandboxRoutes,
  toMoonpayCode,
} from './moonpaySandboxRoutes.ts'
import {
  type CheckoutFormState,
  checkoutPageHeaders,
  renderCheckoutCompletePage,
  renderCheckoutErrorPage,
  renderCheckoutPage,
} from './renderCheckoutPage.ts'
import { type SandboxBrand, sandboxBrands } from './sandboxBrands.ts'
import {
  listSandboxAssets,
  quoteSandboxPurchase,
  type SandboxFiat,
  sandboxFiat,
  sandboxLimits,
} from './sandboxCatalog.ts'

export type CreateOnrampSandboxParameters = {
  chains: readonly DevnetChain[]
  /** Pays purchases out (`createSandboxPayout` over the faucet). */
  payOut: SandboxPayout
  /** Where the sandbox is served, e.g. `http://127.0.0.1:4173/onramp`. */
  baseUrl: string
  /** "Back to the app" when the checkout link names no return URL (the web app). */
  returnUrl: string
  /** Its credentials; generated when absent. */
  keys?: SandboxKeys | undefined
  log?: ((line: string) => void) | undefined
}

export type OnrampSandbox = {
  /** Mount it at `baseUrl`'s path (`/onramp`) of the services server. */
  app: Hono
  /** The manifest's `onramp` section: what the API needs to use the sandbox. */
  manifest: NonNullable<DevnetManifest['onramp']>
}

const card = sandboxLimits.find((limit) => limit.id === 'card') ?? { min: 10, max: 7500 }

/**
 * The devnet's on-ramp sandbox: two brands, one speaking Coinbase Onramp's API and one
 * MoonPay's (so the API's adapters run their production code path, only URLs and keys differ),
 * each with its own checkout page (`/checkout/coinbase`, `/checkout/moonpay`). The page takes an
 * amount, a currency and a test card number (real-looking numbers are refused); paying sends
 * the bought ETH or LUSD to the buyer from the brand's funding account (topped up by the faucet),
 * then shows "Purchase complete" with a link back.
 */
export function createOnrampSandbox(parameters: CreateOnrampSandboxParameters): OnrampSandbox {
  const { chains, payOut, log } = parameters
  const baseUrl = parameters.baseUrl.replace(/\/+$/, '')
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '')
  const keys = parameters.keys ?? createSandboxKeys()
  const assets = listSandboxAssets(chains)
  const brand = (id: SandboxBrand['id']) =>
    sandboxBrands.find((entry) => entry.id === id) as SandboxBrand
  const coinbase = coinbaseSandboxRoutes({ brand: brand('coinbase'), assets, keys: keys.coinbase })
  const moonpay = moonpaySandboxRoutes({ brand: brand('moonpay'), assets, keys: keys.moonpay })
  const checkouts = createCheckoutStore()
  const action = `${basePath}/checkout`
  const html = (body: string, status: 200 | 400 | 403 | 404 | 502 = 200) =>
    new Response(body, {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', ...checkoutPageHeaders },
    })
  const returnUrlOf = (value: string | undefined) =>
    value && /^https?:\/\/[^\s"<>]+$/i.test(value) && URL.canParse(value)
      ? value
      : parameters.returnUrl
  const formState = (
    id: string,
    checkout: Checkout,
    entered?: Partial<Pick<CheckoutFormState, 'amount' | 'currency' | 'error'>>,
  ): CheckoutFormState => ({
    brandName: checkout.brand.name,
    feePercent: checkout.brand.feePercent,
    action,
    checkoutId: id,
    symbol: checkout.asset.symbol,
    assetName: checkout.asset.name,
    networkName: checkout.asset.networkDisplayName,
    address: checkout.address,
    amount: entered?.amount ?? checkout.presetAmount,
    currency: entered?.currency ?? checkout.fiat,
    currencies: Object.keys(sandboxFiat),
    error: entered?.error,
  })
  const openCheckout = (checkout: Checkout) => {
    const id = checkouts.open(checkout)
    return html(renderCheckoutPage(formState(id, checkout)))
  }
  const fiatOf = (value: string | undefined): SandboxFiat =>
    value && value.toUpperCase() in sandboxFiat ? (value.toUpperCase() as SandboxFiat) : 'USD'
  /** The amount to show: the preset fiat, else what buys the preset crypto (fee included), else 100. */
  const presetOf = (
    fiatText: string | undefined,
    cryptoText: string | undefined,
    pricing: { asset: Checkout['asset']; fiat: SandboxFiat; brand: SandboxBrand },
  ) => {
    if (fiatText && /^\d{1,7}(\.\d{1,2})?$/.test(fiatText)) return fiatText
    const crypto = Number(cryptoText)
    if (!cryptoText || !(crypto > 0)) return '100'
    const price = pricing.asset.priceUsd / sandboxFiat[pricing.fiat]
    const total = (crypto * price) / (1 - pricing.brand.feePercent / 100)
    return String(Math.min(Math.max(Math.ceil(total * 100) / 100, card.min), card.max))
  }

  const app = new Hono()
  app.route('/coinbase', coinbase.app)
  app.route('/moonpay', moonpay.app)

  // Coinbase's hosted checkout: `sessionToken` (from POST /v1/token) says where funds may go.
  app.get('/checkout/coinbase', (c) => {
    const returnUrl = returnUrlOf(c.req.query('redirectUrl'))
    const session = coinbase.takeSession(c.req.query('sessionToken') ?? '')
    if (!session)
      return html(
        renderCheckoutErrorPage(
          'This checkout link has expired or was already used. Start the purchase again from the app.',
          returnUrl,
        ),
        403,
      )
    const network = c.req.query('defaultNetwork') ?? session.addresses[0]?.blockchains[0]
    const asset =
      findSandboxAsset(assets, c.req.query('defaultAsset') ?? 'ETH', network) ??
      findSandboxAsset(assets, 'ETH', network)
    const wallet =
      session.addresses.find((entry) => asset && entry.blockchains.includes(asset.network)) ??
      session.addresses.find((entry) => entry.blockchains.length === 0)
    if (!asset || !wallet)
      return html(
        renderCheckoutErrorPage(
          `No wallet of this session receives on "${network ?? ''}". Start the purchase again from the app.`,
          returnUrl,
        ),
        400,
      )
    const fiat = fiatOf(c.req.query('fiatCurrency'))
    return openCheckout({
      brand: brand('coinbase'),
      asset,
      address: wallet.address,
      fiat,
      presetAmount: presetOf(c.req.query('presetFiatAmount'), c.req.query('presetCryptoAmount'), {
        asset,
        fiat,
        brand: brand('coinbase'),
      }),
      returnUrl,
    })
  })

  // MoonPay's widget: the URL names the wallet and is signed with the secret key.
  app.get('/checkout/moonpay', (c) => {
    const url = new URL(c.req.url)
    const returnUrl = returnUrlOf(c.req.query('redirectURL'))
    if (
      c.req.query('apiKey') !== keys.moonpay.publishableKey ||
      !hasValidMoonpaySignature(url, keys.moonpay.secretKey)
    )
      return html(
        renderCheckoutErrorPage(
          'This checkout link is not signed by the app. Start the purchase again from the app.',
          returnUrl,
        ),
        403,
      )
    const code = c.req.query('currencyCode')
    const asset = code
      ? assets.find((entry) => toMoonpayCode(entry) === code.toLowerCase())
      : findSandboxAsset(assets, 'ETH')
    const address = c.req.query('walletAddress') ?? ''
    if (!asset || !isAddress(address))
      return html(
        renderCheckoutErrorPage('This checkout link names no known currency or wallet.', returnUrl),
        400,
      )
    const fiat = fiatOf(c.req.query('baseCurrencyCode'))
    return openCheckout({
      brand: brand('moonpay'),
      asset,
      address: getAddress(address),
      fiat,
      presetAmount: presetOf(
        c.req.query('baseCurrencyAmount'),
        c.req.query('quoteCurrencyAmount'),
        {
          asset,
          fiat,
          brand: brand('moonpay'),
        },
      ),
      returnUrl,
    })
  })

  app.post(
    '/checkout',
    bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.text('The form is too large.', 413) }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
      const id = field('checkout')
      const checkout = checkouts.get(id)
      if (!checkout)
        return html(
          renderCheckoutErrorPage(
            'This checkout has expired or is already complete. Start the purchase again from the app.',
            parameters.returnUrl,
          ),
          404,
        )
      const amount = field('amount').trim()
      const currency = field('currency').toUpperCase()
      const again = (error: CheckoutFormState['error']) =>
        html(renderCheckoutPage(formState(id, checkout, { amount, currency, error })), 400)
      if (!(currency in sandboxFiat))
        return again({ field: 'currency', message: 'Choose USD or EUR.' })
      if (
        !/^\d{1,7}(\.\d{1,2})?$/.test(amount) ||
        Number(amount) < card.min ||
        Number(amount) > card.max
      )
        return again({
          field: 'amount',
          message: `Enter an amount between ${card.min} and ${card.max} ${currency}, like 100 or 49.99.`,
        })
      if (!isTestCardNumber(field('card')))
        return again({
          field: 'card',
          message:
            'This sandbox takes test card numbers only, such as 4242 4242 4242 4242. That number was refused and nothing was charged.',
        })
      const quote = quoteSandboxPurchase({
        asset: checkout.asset,
        fiat: currency as SandboxFiat,
        amount: Number(amount),
        feePercent: checkout.brand.feePercent,
      })
      // Taken while paying: a second submit of the same form cannot pay twice.
      if (!checkouts.take(id))
        return again({ field: 'form', message: 'This checkout is already being paid.' })
      try {
        const { transactionHash } = await payOut({
          brand: checkout.brand,
          asset: checkout.asset,
          address: checkout.address as Address,
          amount: quote.cryptoAmount,
        })
        log?.(
          `onramp: ${checkout.brand.id} paid ${quote.cryptoAmount} ${checkout.asset.symbol} to ${checkout.address} on ${checkout.asset.chainId}`,
        )
        return html(
          renderCheckoutCompletePage({
            brandName: checkout.brand.name,
            symbol: checkout.asset.symbol,
            cryptoAmount: quote.cryptoAmount,
            total: quote.total,
            currency,
            networkName: checkout.asset.networkDisplayName,
            address: checkout.address,
            transactionHash,
            returnUrl: checkout.returnUrl,
          }),
        )
      } catch (error) {
        checkouts.restore(id, checkout)
        log?.(`onramp: payout failed: ${error instanceof Error ? error.message : String(error)}`)
        return html(
          renderCheckoutPage(
            formState(id, checkout, {
              amount,
              currency,
              error: {
                field: 'form',
                message: 'The devnet could not send the funds. Nothing was charged; try again.',
              },
            }),
          ),
          502,
        )
      }
    },
  )

  const senderOf = (id: SandboxBrand['id']) => privateKeyToAccount(brand(id).fundingKey).address
  return {
    app,
    manifest: {
      providers: [
        {
          id: 'coinbase',
          name: brand('coinbase').name,
          feePercent: brand('coinbase').feePercent,
          apiUrl: `${baseUrl}/coinbase`,
          checkoutUrl: `${baseUrl}/checkout/coinbase`,
          apiKey: keys.coinbase.keyName,
          secret: keys.coinbase.secret,
          senders: [senderOf('coinbase')],
        },
        {
          id: 'moonpay',
          name: brand('moonpay').name,
          feePercent: brand('moonpay').feePercent,
          apiUrl: `${baseUrl}/moonpay`,
          checkoutUrl: `${baseUrl}/checkout/moonpay`,
          apiKey: keys.moonpay.publishableKey,
          secret: keys.moonpay.secretKey,
          senders: [senderOf('moonpay')],
        },
      ],
    },
  }
}
