import { z } from 'zod'

/**
 * The on-ramp (spec sections 7-9): `GET /v1/onramp/options`, `POST /v1/onramp/quote` and
 * `POST /v1/generators/onrampurl`, in the shapes AppKit's on-ramp client reads (Coinbase
 * Onramp's: payment currencies with `payment_method_limits`, purchase currencies with their
 * networks, a quote with `paymentTotal` / `paymentSubtotal` / `purchaseAmount` / fees /
 * `quoteId`), plus Latch's own fields: the providers, one quote per provider with its fees, and
 * `estimated` on a quote made from the price feed when a provider did not answer.
 */

/** A fiat or crypto amount as decimal text, e.g. `"100.00"`. */
const decimalText = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,18})?$/, 'amount must be a positive decimal number, like "100.00".')

/** One payment method's limits in one fiat currency (`card`, `ach_bank_account`, ...). */
export const onrampPaymentLimitSchema = z.object({
  id: z.string().describe('The payment method: `card`, `ach_bank_account`, `apple_pay`, ...'),
  min: z.string().describe('The smallest payment, in the currency, e.g. `"10.00"`.'),
  max: z.string().describe('The largest payment, e.g. `"7500.00"`.'),
})

/** A fiat currency the user can pay in, with each payment method's limits. */
export const onrampPaymentCurrencySchema = z.object({
  id: z.string().describe('ISO 4217 code, e.g. `USD`.'),
  payment_method_limits: z.array(onrampPaymentLimitSchema),
})

/** A network a purchase currency is delivered on (Coinbase's field names). */
export const onrampNetworkSchema = z.object({
  name: z.string().describe("The provider's network name, e.g. `ethereum`, `base`."),
  display_name: z.string(),
  chain_id: z.string().describe('The EVM chain id, as text.'),
  contract_address: z
    .string()
    .describe("The token's address on it; the zero address (or empty) for the native coin."),
})

/** A crypto asset the user can buy. */
export const onrampPurchaseCurrencySchema = z.object({
  id: z.string().describe("The provider's asset id."),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(onrampNetworkSchema),
})

/** An on-ramp provider the API offers (Latch's field). */
export const onrampProviderInfoSchema = z.object({
  id: z.string().describe('The configured provider: `coinbase` or `moonpay`.'),
  name: z.string().describe('Its display name.'),
  /** Its fee as shown before a quote, e.g. `"1%"` (spec section 9: providers charge 1-2%). */
  feeRange: z.string().describe('Its fee before a quote, e.g. `"1%"`.'),
})

/** `GET /v1/onramp/options`. */
export const onrampOptionsResponseSchema = z.object({
  paymentCurrencies: z.array(onrampPaymentCurrencySchema),
  purchaseCurrencies: z.array(onrampPurchaseCurrencySchema),
  providers: z
    .array(onrampProviderInfoSchema)
    .describe('The configured providers, in order (Latch extra).'),
  fallback: z
    .boolean()
    .describe(
      'True when no provider answered and this is the built-in default list: card 10-7,500 and bank account 10-25,000, in USD and EUR (Latch extra).',
    ),
})

/** An amount with its currency, as AppKit's `QuoteAmount`. */
export const onrampAmountSchema = z.object({
  amount: z.string().describe('Decimal text.'),
  currency: z.string().describe('ISO 4217 for fiat, the symbol for crypto.'),
})

/** What the quote body's `purchaseCurrency` may be: AppKit sends the whole object. */
const purchaseCurrencyInput = z.union([
  z.string().trim().min(1).max(64).describe('A symbol or provider asset id, e.g. `ETH`.'),
  z.looseObject({
    id: z.string().max(64).optional(),
    symbol: z.string().trim().min(1).max(64),
    name: z.string().max(200).optional(),
    networks: z
      .array(z.looseObject({ name: z.string().max(100).optional() }))
      .max(100)
      .optional(),
  }),
])

/** What the quote body's `paymentCurrency` may be: AppKit sends `{ id, payment_method_limits }`. */
const paymentCurrencyInput = z.union([
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'paymentCurrency must be an ISO 4217 code, like "USD".'),
  z.looseObject({
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, 'paymentCurrency.id must be an ISO 4217 code, like "USD".'),
  }),
])

/** Body of `POST /v1/onramp/quote` (spec section 7: purchaseCurrency, paymentCurrency, amount, network). */
export const onrampQuoteBodySchema = z.object({
  projectId: z.string().optional(),
  purchaseCurrency: purchaseCurrencyInput.describe(
    'What to buy: a symbol, or the purchase currency object from the options.',
  ),
  paymentCurrency: paymentCurrencyInput.describe(
    'What to pay with: an ISO 4217 code, or the payment currency object from the options.',
  ),
  amount: decimalText.describe('The fiat amount to pay, fees included, e.g. `"100.00"`.'),
  network: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe(
      "The network to receive on: a provider network name, a chain id, or (as AppKit sends) the currency's symbol, which means its first network.",
    ),
  paymentMethod: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/i, 'paymentMethod must be a payment method id, like "card".')
    .optional()
    .describe('`card` (default) or `ach_bank_account` (Latch extra).'),
})

/** One provider's quote (Latch extra: `quotes` of the answer). */
export const onrampProviderQuoteSchema = z.object({
  provider: onrampProviderInfoSchema,
  paymentTotal: onrampAmountSchema.describe('What the user pays, fees included.'),
  paymentSubtotal: onrampAmountSchema.describe('The part that buys crypto, fees excluded.'),
  purchaseAmount: onrampAmountSchema.describe('The crypto received.'),
  providerFee: onrampAmountSchema.describe("The provider's fee."),
  networkFee: onrampAmountSchema.describe('The network fee.'),
  quoteId: z.string(),
  estimated: z
    .boolean()
    .describe(
      'True when the provider did not answer and this quote was made from the price feed and its usual fee: an estimate, not an offer.',
    ),
})

/**
 * `POST /v1/onramp/quote`: the best quote (the most crypto for the money) in AppKit's
 * `OnrampQuote` shape, with every provider's quote in `quotes`.
 */
export const onrampQuoteResponseSchema = z.object({
  paymentTotal: onrampAmountSchema,
  paymentSubtotal: onrampAmountSchema,
  purchaseAmount: onrampAmountSchema,
  coinbaseFee: onrampAmountSchema.describe(
    "The best quote's provider fee, under the name AppKit reads.",
  ),
  networkFee: onrampAmountSchema,
  quoteId: z.string(),
  provider: z.string().describe("The best quote's provider id (Latch extra)."),
  estimated: z
    .boolean()
    .describe('True when the best quote is an estimate from the price feed (Latch extra).'),
  quotes: z
    .array(onrampProviderQuoteSchema)
    .describe("Each provider's quote, best first (Latch extra)."),
})

/** A wallet the purchase is delivered to (AppKit's `DestinationWallet`). */
export const onrampDestinationWalletSchema = z.object({
  address: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'Each destination address must be a 0x address.'),
  blockchains: z
    .array(z.string().trim().min(1).max(100))
    .max(20)
    .optional()
    .describe('Provider network names (or chain ids) it may receive on.'),
  assets: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  supportedNetworks: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
})

/** Body of `POST /v1/generators/onrampurl` (spec section 7). */
export const onrampUrlBodySchema = z.object({
  projectId: z.string().optional(),
  destinationWallets: z
    .array(onrampDestinationWalletSchema)
    .min(1, 'destinationWallets must name at least one wallet.')
    .max(10, 'destinationWallets: at most 10 wallets.'),
  defaultNetwork: z.string().trim().min(1).max(100).optional(),
  partnerUserId: z
    .string()
    .trim()
    .max(128, 'partnerUserId is longer than 128 characters.')
    .optional()
    .describe("The app's id of the user, passed on to the provider."),
  defaultExperience: z
    .enum(['buy', 'send'], 'defaultExperience must be "buy" or "send".')
    .optional(),
  presetCryptoAmount: z.coerce.number().positive().max(1e12).optional(),
  presetFiatAmount: z.coerce.number().positive().max(1e9).optional(),
  provider: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,32}$/, 'provider must be a provider id, like "coinbase".')
    .optional()
    .describe('Which provider to continue with (Latch extra); by default the first configured.'),
  fiatCurrency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'fiatCurrency must be an ISO 4217 code, like "USD".')
    .optional()
    .describe('The fiat currency of `presetFiatAmount` (Latch extra; default USD).'),
  purchaseCurrency: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe('The asset to preselect, e.g. `ETH` (Latch extra).'),
})

/** `POST /v1/generators/onrampurl`. */
export const onrampUrlResponseSchema = z.object({
  url: z.string().describe("The provider's checkout page for these wallets."),
  provider: z.string().describe('The provider id (Latch extra).'),
})

export type OnrampPaymentLimit = z.infer<typeof onrampPaymentLimitSchema>
export type OnrampPaymentCurrency = z.infer<typeof onrampPaymentCurrencySchema>
export type OnrampNetwork = z.infer<typeof onrampNetworkSchema>
export type OnrampPurchaseCurrency = z.infer<typeof onrampPurchaseCurrencySchema>
export type OnrampProviderInfo = z.infer<typeof onrampProviderInfoSchema>
export type OnrampOptionsResponse = z.infer<typeof onrampOptionsResponseSchema>
export type OnrampAmount = z.infer<typeof onrampAmountSchema>
export type OnrampQuoteBody = z.input<typeof onrampQuoteBodySchema>
export type OnrampProviderQuote = z.infer<typeof onrampProviderQuoteSchema>
export type OnrampQuoteResponse = z.infer<typeof onrampQuoteResponseSchema>
export type OnrampDestinationWallet = z.infer<typeof onrampDestinationWalletSchema>
export type OnrampUrlBody = z.input<typeof onrampUrlBodySchema>
export type OnrampUrlResponse = z.infer<typeof onrampUrlResponseSchema>
