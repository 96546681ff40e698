import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type Address, getAddress, isAddress } from 'viem'
import { z } from 'zod'
import type { SandboxKeys } from './createSandboxKeys.ts'
import type { SandboxBrand } from './sandboxBrands.ts'
import {
  quoteSandboxPurchase,
  type SandboxAsset,
  type SandboxFiat,
  sandboxFiat,
  sandboxLimits,
} from './sandboxCatalog.ts'
import { verifyCdpJwt } from './verifyCdpJwt.ts'

const tokenBodySchema = z.object({
  addresses: z
    .array(
      z.object({
        address: z.string().refine((value) => isAddress(value), 'Invalid address.'),
        blockchains: z.array(z.string().max(100)).max(20),
      }),
    )
    .min(1)
    .max(10),
  assets: z.array(z.string().max(64)).max(50).optional(),
  clientIp: z.string().max(64).optional(),
})

const quoteBodySchema = z.object({
  purchaseCurrency: z.string().max(64),
  purchaseNetwork: z.string().max(100).optional(),
  paymentAmount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/),
  paymentCurrency: z.string().max(8),
  paymentMethod: z.string().max(40),
  country: z.string().max(8),
  subdivision: z.string().max(8).optional(),
})

/** A session token's content: where the purchase may go. */
export type CoinbaseSession = {
  addresses: { address: Address; blockchains: string[] }[]
  assets: string[]
}

/** Finds an asset by Coinbase-style id or symbol, on a network (by name) or the first one. */
export function findSandboxAsset(
  assets: readonly SandboxAsset[],
  currency: string,
  network?: string | undefined,
): SandboxAsset | undefined {
  const wanted = currency.toUpperCase()
  const matching = assets.filter((asset) => asset.symbol.toUpperCase() === wanted)
  return network ? matching.find((asset) => asset.network === network) : matching[0]
}

/**
 * Coinbase Onramp's API as the sandbox speaks it (under `/coinbase`): `GET /v1/buy/options`,
 * `POST /v1/buy/quote` and `POST /v1/token`, each behind a CDP JWT checked against the
 * sandbox's key, in Coinbase's documented shapes. Session tokens live five minutes and open
 * one checkout (`takeSession`).
 */
export function coinbaseSandboxRoutes({
  brand,
  assets,
  keys,
  now = Date.now,
}: {
  brand: SandboxBrand
  assets: readonly SandboxAsset[]
  keys: SandboxKeys['coinbase']
  now?: () => number
}) {
  const sessions = new Map<string, { session: CoinbaseSession; expiresAt: number }>()
  const fail = (status: 400 | 401, message: string) =>
    Response.json(
      { errorType: status === 401 ? 'unauthorized' : 'invalid_request', errorMessage: message },
      { status },
    )
  const app = new Hono()
  app.use(async (c, next) => {
    const url = new URL(c.req.url)
    const refused = verifyCdpJwt({
      authorization: c.req.header('authorization'),
      keyName: keys.keyName,
      publicKey: keys.publicKey,
      uri: `${c.req.method} ${url.host}${url.pathname}`,
      now: Math.floor(now() / 1000),
    })
    if (refused) return fail(401, refused)
    await next()
  })
  app.use(bodyLimit({ maxSize: 16 * 1024, onError: () => fail(400, 'The body is too large.') }))

  app.get('/v1/buy/options', (c) => {
    const bySymbol = new Map<string, SandboxAsset[]>()
    for (const asset of assets)
      bySymbol.set(asset.symbol, [...(bySymbol.get(asset.symbol) ?? []), asset])
    return c.json({
      paymentCurrencies: Object.keys(sandboxFiat).map((id) => ({
        id,
        limits: sandboxLimits.map((limit) => ({
          id: limit.id.toUpperCase(),
          min: String(limit.min),
          max: String(limit.max),
        })),
      })),
      purchaseCurrencies: [...bySymbol].map(([symbol, list]) => ({
        id: symbol.toLowerCase(),
        name: list[0]?.name ?? symbol,
        symbol,
        networks: list.map((asset) => ({
          name: asset.network,
          displayName: asset.networkDisplayName,
          chainId: String(asset.chainId),
          contractAddress: asset.contract,
        })),
      })),
    })
  })

  app.post('/v1/buy/quote', async (c) => {
    const parsed = quoteBodySchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) return fail(400, 'Invalid quote request.')
    const body = parsed.data
    const asset = findSandboxAsset(assets, body.purchaseCurrency, body.purchaseNetwork)
    if (!asset) return fail(400, 'Unsupported purchase currency or network.')
    if (!(body.paymentCurrency in sandboxFiat)) return fail(400, 'Unsupported payment currency.')
    const fiat = body.paymentCurrency as SandboxFiat
    const quote = quoteSandboxPurchase({
      asset,
      fiat,
      amount: Number(body.paymentAmount),
      feePercent: brand.feePercent,
    })
    const money = (value: string) => ({ value, currency: fiat })
    return c.json({
      paymentTotal: money(quote.total),
      paymentSubtotal: money(quote.subtotal),
      purchaseAmount: { value: quote.cryptoAmount, currency: asset.symbol },
      coinbaseFee: money(quote.fee),
      networkFee: money(quote.networkFee),
      quoteId: `sandbox-${randomBytes(8).toString('hex')}`,
    })
  })

  app.post('/v1/token', async (c) => {
    const parsed = tokenBodySchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) return fail(400, 'Invalid token request: addresses are required.')
    for (const [token, entry] of sessions) if (entry.expiresAt <= now()) sessions.delete(token)
    if (sessions.size >= 1000) sessions.delete(sessions.keys().next().value as string)
    const token = randomBytes(24).toString('base64url')
    sessions.set(token, {
      session: {
        addresses: parsed.data.addresses.map((entry) => ({
          address: getAddress(entry.address),
          blockchains: entry.blockchains,
        })),
        assets: parsed.data.assets ?? [],
      },
      expiresAt: now() + 5 * 60_000,
    })
    return c.json({ token, channel_id: '' })
  })

  return {
    app,
    /** Spends a session token (single use): its content, or undefined when unknown or expired. */
    takeSession(token: string): CoinbaseSession | undefined {
      const entry = sessions.get(token)
      sessions.delete(token)
      return entry && entry.expiresAt > now() ? entry.session : undefined
    },
  }
}
