import type { OnrampProviderInfo } from '@latch/api-contract'
import { z } from 'zod'
import { createCdpJwt } from './createCdpJwt.ts'
import type { OnrampFetch } from './onrampFetch.ts'
import type { OnrampOptions, OnrampProvider } from './onrampProvider.ts'
import { requestProviderJson } from './requestProviderJson.ts'

export type CreateCoinbaseOnrampProviderParameters = {
  info: OnrampProviderInfo
  feePercent: number
  /** The Onramp API's base, e.g. https://api.developer.coinbase.com/onramp. */
  apiUrl: string
  /** The CDP key's name and secret (`createCdpJwt`). */
  apiKey: string
  secret: string
  /** The hosted checkout, e.g. https://pay.coinbase.com/buy/select-asset. */
  checkoutUrl: string
  /** ISO 3166-1 country (and ISO 3166-2 subdivision for the US) the options are asked for. */
  country: string
  subdivision?: string | undefined
  fetch: OnrampFetch
  timeoutMs: number
}

const amount = z.object({ value: z.string(), currency: z.string() })

/** `GET /v1/buy/options` as Coinbase documents it (camelCase). */
const buyOptionsSchema = z.object({
  paymentCurrencies: z.array(
    z.object({
      id: z.string(),
      limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
    }),
  ),
  purchaseCurrencies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      networks: z.array(
        z.object({
          name: z.string(),
          displayName: z.string(),
          chainId: z.string().optional().default(''),
          contractAddress: z.string().optional().default(''),
        }),
      ),
    }),
  ),
})

/** `POST /v1/buy/quote`. */
const buyQuoteSchema = z.object({
  paymentTotal: amount,
  paymentSubtotal: amount,
  purchaseAmount: amount,
  coinbaseFee: amount,
  networkFee: amount,
  quoteId: z.string(),
})

/** `POST /v1/token`. */
const sessionTokenSchema = z.object({ token: z.string().min(1).max(4096) })

/**
 * Coinbase Onramp through its API: buy options, buy quotes, and a session token (bound to the
 * destination addresses) for the checkout URL. Each call carries a fresh CDP JWT.
 */
export function createCoinbaseOnrampProvider(
  parameters: CreateCoinbaseOnrampProviderParameters,
): OnrampProvider {
  const { info, apiKey, secret, fetch, timeoutMs } = parameters
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '')
  const call = <schema extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: schema,
    { body, signal }: { body?: unknown; signal?: AbortSignal | undefined },
  ) => {
    const url = `${apiUrl}${path}`
    const token = createCdpJwt({ keyName: apiKey, keySecret: secret, method, url })
    return requestProviderJson({
      fetch,
      provider: info.id,
      url,
      schema,
      options: {
        method,
        timeoutMs,
        signal,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    })
  }

  return {
    info,
    feePercent: parameters.feePercent,
    async getOptions({ signal }) {
      const query = new URLSearchParams({ country: parameters.country })
      if (parameters.subdivision) query.set('subdivision', parameters.subdivision)
      const options = await call('GET', `/v1/buy/options?${query}`, buyOptionsSchema, { signal })
      return toOptions(options)
    },
    async getQuote(quote) {
      const answer = await call('POST', '/v1/buy/quote', buyQuoteSchema, {
        signal: quote.signal,
        body: {
          purchaseCurrency: quote.purchaseCurrencyId,
          purchaseNetwork: quote.network,
          paymentAmount: quote.amount,
          paymentCurrency: quote.paymentCurrency,
          paymentMethod: quote.paymentMethod.toUpperCase(),
          country: parameters.country,
          ...(parameters.subdivision ? { subdivision: parameters.subdivision } : {}),
        },
      })
      const toAmount = (value: z.output<typeof amount>) => ({
        amount: value.value,
        currency: value.currency,
      })
      return {
        paymentTotal: toAmount(answer.paymentTotal),
        paymentSubtotal: toAmount(answer.paymentSubtotal),
        purchaseAmount: toAmount(answer.purchaseAmount),
        providerFee: toAmount(answer.coinbaseFee),
        networkFee: toAmount(answer.networkFee),
        quoteId: answer.quoteId,
      }
    },
    async createCheckoutUrl(checkout) {
      const { token } = await call('POST', '/v1/token', sessionTokenSchema, {
        signal: checkout.signal,
        body: {
          addresses: checkout.wallets.map((wallet) => ({
            address: wallet.address,
            blockchains: wallet.blockchains ?? wallet.supportedNetworks ?? [],
          })),
          ...(checkout.wallets.some((wallet) => wallet.assets?.length)
            ? { assets: [...new Set(checkout.wallets.flatMap((wallet) => wallet.assets ?? []))] }
            : {}),
          ...(checkout.clientIp ? { clientIp: checkout.clientIp } : {}),
        },
      })
      const url = new URL(parameters.checkoutUrl)
      url.searchParams.set('sessionToken', token)
      if (checkout.defaultNetwork) url.searchParams.set('defaultNetwork', checkout.defaultNetwork)
      if (checkout.purchaseCurrency) url.searchParams.set('defaultAsset', checkout.purchaseCurrency)
      if (checkout.defaultExperience)
        url.searchParams.set('defaultExperience', checkout.defaultExperience)
      if (checkout.partnerUserId) url.searchParams.set('partnerUserId', checkout.partnerUserId)
      if (checkout.presetFiatAmount !== undefined) {
        url.searchParams.set('presetFiatAmount', String(checkout.presetFiatAmount))
        url.searchParams.set('fiatCurrency', checkout.fiatCurrency)
      }
      if (checkout.presetCryptoAmount !== undefined)
        url.searchParams.set('presetCryptoAmount', String(checkout.presetCryptoAmount))
      return url.toString()
    },
  }
}

/** Coinbase's options in AppKit's shape: payment methods lower case, networks snake_case. */
function toOptions(options: z.output<typeof buyOptionsSchema>): OnrampOptions {
  return {
    paymentCurrencies: options.paymentCurrencies.map((currency) => ({
      id: currency.id.toUpperCase(),
      payment_method_limits: currency.limits.map((limit) => ({
        id: limit.id.toLowerCase(),
        min: limit.min,
        max: limit.max,
      })),
    })),
    purchaseCurrencies: options.purchaseCurrencies.map((currency) => ({
      id: currency.id,
      name: currency.name,
      symbol: currency.symbol.toUpperCase(),
      networks: currency.networks.map((network) => ({
        name: network.name,
        display_name: network.displayName,
        chain_id: network.chainId,
        contract_address: network.contractAddress,
      })),
    })),
  }
}
