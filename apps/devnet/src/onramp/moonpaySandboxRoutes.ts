import { createHmac, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { SandboxKeys } from './createSandboxKeys.ts'
import type { SandboxBrand } from './sandboxBrands.ts'
import {
  quoteSandboxPurchase,
  type SandboxAsset,
  type SandboxFiat,
  sandboxFiat,
  sandboxLimits,
} from './sandboxCatalog.ts'

/** MoonPay's currency code of an asset: its symbol and network (`eth_latch_devnet`). */
export function toMoonpayCode(asset: SandboxAsset): string {
  return `${asset.symbol.toLowerCase()}_${asset.network.replace(/-/g, '_')}`
}

/**
 * Whether a MoonPay widget URL carries a valid `signature`: the HMAC-SHA256 (base64) of its
 * query without the signature, by the secret key, as MoonPay checks it.
 */
export function hasValidMoonpaySignature(url: URL, secretKey: string): boolean {
  const signature = url.searchParams.get('signature')
  if (!signature) return false
  const unsigned = new URL(url)
  unsigned.searchParams.delete('signature')
  const expected = createHmac('sha256', secretKey).update(unsigned.search).digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * MoonPay's API as the sandbox speaks it (under `/moonpay`): `GET /v3/currencies` and
 * `GET /v3/currencies/{code}/buy_quote`, keyed by the publishable `apiKey`, in MoonPay's
 * documented shapes (numbers, lower-case codes, fees included when `areFeesIncluded`).
 */
export function moonpaySandboxRoutes({
  brand,
  assets,
  keys,
}: {
  brand: SandboxBrand
  assets: readonly SandboxAsset[]
  keys: SandboxKeys['moonpay']
}) {
  const fail = (status: 400 | 401 | 404, message: string) =>
    Response.json(
      { message, type: status === 401 ? 'UnauthorizedError' : 'BadRequestError' },
      { status },
    )
  const card = sandboxLimits.find((limit) => limit.id === 'card') ?? { min: 10, max: 7500 }
  const app = new Hono()
  app.use(async (c, next) => {
    if (c.req.query('apiKey') !== keys.publishableKey) return fail(401, 'Invalid apiKey.')
    await next()
  })

  app.get('/v3/currencies', (c) =>
    c.json([
      ...Object.keys(sandboxFiat).map((code) => ({
        id: `fiat-${code.toLowerCase()}`,
        type: 'fiat',
        code: code.toLowerCase(),
        name: code === 'USD' ? 'US Dollar' : 'Euro',
        precision: 2,
        minBuyAmount: card.min,
        maxBuyAmount: card.max,
        isSuspended: false,
      })),
      ...assets.map((asset) => ({
        id: `crypto-${toMoonpayCode(asset)}`,
        type: 'crypto',
        code: toMoonpayCode(asset),
        name: asset.name,
        precision: Math.min(asset.decimals, 8),
        minBuyAmount: null,
        maxBuyAmount: null,
        isSuspended: false,
        metadata: {
          contractAddress: asset.contract,
          chainId: String(asset.chainId),
          networkCode: asset.network,
        },
      })),
    ]),
  )

  app.get('/v3/currencies/:code/buy_quote', (c) => {
    const asset = assets.find((entry) => toMoonpayCode(entry) === c.req.param('code'))
    if (!asset) return fail(404, 'Currency not found.')
    const fiat = (c.req.query('baseCurrencyCode') ?? '').toUpperCase()
    if (!(fiat in sandboxFiat)) return fail(400, 'Unsupported baseCurrencyCode.')
    const amount = Number(c.req.query('baseCurrencyAmount'))
    if (!Number.isFinite(amount) || amount < card.min || amount > card.max)
      return fail(400, `baseCurrencyAmount must be between ${card.min} and ${card.max}.`)
    const feesIncluded = c.req.query('areFeesIncluded') === 'true'
    // Without fees included, the amount is what buys crypto and the fee comes on top.
    const total = feesIncluded ? amount : amount / (1 - brand.feePercent / 100)
    const quote = quoteSandboxPurchase({
      asset,
      fiat: fiat as SandboxFiat,
      amount: total,
      feePercent: brand.feePercent,
    })
    return c.json({
      baseCurrencyCode: fiat.toLowerCase(),
      baseCurrencyAmount: Number(quote.subtotal),
      quoteCurrencyCode: toMoonpayCode(asset),
      quoteCurrencyAmount: Number(quote.cryptoAmount),
      quoteCurrencyPrice: quote.price,
      feeAmount: Number(quote.fee),
      extraFeeAmount: 0,
      networkFeeAmount: Number(quote.networkFee),
      totalAmount: Number(quote.total),
      paymentMethod: c.req.query('paymentMethod') ?? 'credit_debit_card',
    })
  })

  return { app }
}
