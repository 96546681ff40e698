import type { OnrampProviderInfo } from '@latch/api-contract'
import { z } from 'zod'
import type { OnrampFetch } from './onrampFetch.ts'
import type { OnrampOptions, OnrampProvider } from './onrampProvider.ts'
import { requestProviderJson } from './requestProviderJson.ts'
import { signMoonpayUrl } from './signMoonpayUrl.ts'

export type CreateMoonpayOnrampProviderParameters = {
  info: OnrampProviderInfo
  feePercent: number
  /** The API's base, e.g. https://api.moonpay.com. */
  apiUrl: string
  /** The publishable key (`pk_...`), sent as `apiKey`. */
  apiKey: string
  /** The secret key (`sk_...`): signs widget URLs, never sent. */
  secret: string
  /** The widget, e.g. https://buy.moonpay.com. */
  checkoutUrl: string
  fetch: OnrampFetch
  timeoutMs: number
}

const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? '')
const nullableNumber = z.number().nullish()

/** `GET /v3/currencies`: fiat and crypto currencies, one per code (`eth`, `eth_base`, ...). */
const currenciesSchema = z.array(
  z.object({
    type: z.enum(['fiat', 'crypto']),
    code: z.string().min(1).max(64),
    name: z.string(),
    minBuyAmount: nullableNumber,
    maxBuyAmount: nullableNumber,
    isSuspended: z.boolean().nullish(),
    metadata: z
      .object({
        contractAddress: nullableText,
        chainId: nullableText,
        networkCode: nullableText,
      })
      .nullish(),
  }),
)

/** `GET /v3/currencies/{code}/buy_quote`. */
const buyQuoteSchema = z.object({
  baseCurrencyAmount: z.number(),
  quoteCurrencyAmount: z.number(),
  feeAmount: z.number(),
  extraFeeAmount: z.number().nullish(),
  networkFeeAmount: z.number(),
  totalAmount: z.number(),
})

/** AppKit's payment method ids to MoonPay's. */
const paymentMethods: Record<string, string> = {
  card: 'credit_debit_card',
  ach_bank_account: 'ach_bank_transfer',
}

/**
 * MoonPay through its API: currencies, real-time buy quotes (fees included in the amount), and
 * the widget URL for the wallet, signed with the secret key.
 */
export function createMoonpayOnrampProvider(
  parameters: CreateMoonpayOnrampProviderParameters,
): OnrampProvider {
  const { info, apiKey, fetch, timeoutMs } = parameters
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '')
  const get = <schema extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    schema: schema,
    signal: AbortSignal | undefined,
  ) =>
    requestProviderJson({
      fetch,
      provider: info.id,
      url: `${apiUrl}${path}?${new URLSearchParams({ apiKey, ...query })}`,
      schema,
      options: { method: 'GET', timeoutMs, signal, headers: { accept: 'application/json' } },
    })

  return {
    info,
    feePercent: parameters.feePercent,
    async getOptions({ signal }) {
      return toOptions(await get('/v3/currencies', {}, currenciesSchema, signal))
    },
    async getQuote(quote) {
      const answer = await get(
        `/v3/currencies/${encodeURIComponent(quote.purchaseCurrencyId)}/buy_quote`,
        {
          baseCurrencyCode: quote.paymentCurrency.toLowerCase(),
          baseCurrencyAmount: quote.amount,
          paymentMethod: paymentMethods[quote.paymentMethod] ?? quote.paymentMethod,
          areFeesIncluded: 'true',
        },
        buyQuoteSchema,
        quote.signal,
      )
      const fiat = (value: number) => ({
        amount: value.toFixed(2),
        currency: quote.paymentCurrency,
      })
      const fee = answer.feeAmount + (answer.extraFeeAmount ?? 0)
      return {
        paymentTotal: fiat(answer.totalAmount),
        paymentSubtotal: fiat(answer.baseCurrencyAmount),
        purchaseAmount: {
          amount: String(answer.quoteCurrencyAmount),
          currency: quote.purchaseSymbol,
        },
        providerFee: fiat(fee),
        networkFee: fiat(answer.networkFeeAmount),
        // MoonPay's real-time quotes carry no id: the amounts identify it.
        quoteId: `moonpay:${quote.purchaseCurrencyId}:${answer.totalAmount}:${answer.quoteCurrencyAmount}`,
      }
    },
    async createCheckoutUrl(checkout) {
      const [wallet] = checkout.wallets
      const url = new URL(parameters.checkoutUrl)
      url.searchParams.set('apiKey', apiKey)
      if (checkout.purchaseCurrency)
        url.searchParams.set('currencyCode', checkout.purchaseCurrency.toLowerCase())
      if (wallet) url.searchParams.set('walletAddress', wallet.address)
      url.searchParams.set('baseCurrencyCode', checkout.fiatCurrency.toLowerCase())
      if (checkout.presetFiatAmount !== undefined)
        url.searchParams.set('baseCurrencyAmount', String(checkout.presetFiatAmount))
      if (checkout.presetCryptoAmount !== undefined)
        url.searchParams.set('quoteCurrencyAmount', String(checkout.presetCryptoAmount))
      if (checkout.partnerUserId) url.searchParams.set('externalCustomerId', checkout.partnerUserId)
      return signMoonpayUrl(url, parameters.secret).toString()
    },
  }
}

/** MoonPay's currencies in AppKit's shape: each crypto code is one asset on one network. */
function toOptions(currencies: z.output<typeof currenciesSchema>): OnrampOptions {
  const available = currencies.filter((currency) => !currency.isSuspended)
  return {
    paymentCurrencies: available
      .filter((currency) => currency.type === 'fiat')
      .map((currency) => ({
        id: currency.code.toUpperCase(),
        payment_method_limits: [
          {
            id: 'card',
            min: String(currency.minBuyAmount ?? 0),
            max: String(currency.maxBuyAmount ?? 0),
          },
        ],
      })),
    purchaseCurrencies: available
      .filter((currency) => currency.type === 'crypto' && currency.metadata?.chainId)
      .map((currency) => {
        const network = currency.metadata?.networkCode || 'ethereum'
        return {
          id: currency.code,
          name: currency.name,
          symbol: (currency.code.split('_')[0] ?? currency.code).toUpperCase(),
          networks: [
            {
              name: network,
              display_name: network.charAt(0).toUpperCase() + network.slice(1).replace(/_/g, ' '),
              chain_id: currency.metadata?.chainId ?? '',
              contract_address: currency.metadata?.contractAddress ?? '',
            },
          ],
        }
      }),
  }
}
