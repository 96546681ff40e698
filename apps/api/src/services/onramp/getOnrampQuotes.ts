import type { OnrampProviderQuote, OnrampQuoteResponse } from '@latch/api-contract'
import { OnrampQuoteUnavailableError } from '../../errors/onramp.ts'
import { InvalidRequestError } from '../../errors/request.ts'
import { estimateOnrampQuote } from './estimateOnrampQuote.ts'
import { findOnrampAsset, findOnrampNetwork } from './findOnrampAsset.ts'
import { getOnrampOptions } from './getOnrampOptions.ts'
import type { OnrampDeps } from './onrampDeps.ts'
import type { OnrampProvider } from './onrampProvider.ts'

export type GetOnrampQuotesParameters = {
  /** A symbol or provider asset id, e.g. `ETH`. */
  purchaseCurrency: string
  /** ISO 4217. */
  paymentCurrency: string
  /** Fiat, fees included, as decimal text. */
  amount: string
  network?: string | undefined
  /** Default `card`. */
  paymentMethod?: string | undefined
  signal?: AbortSignal | undefined
}

/**
 * Every provider's quote for one purchase, asked at once. A provider that fails (or whose
 * options are unknown) is replaced by an estimate from the price feed (`estimated: true`); a
 * provider that does not sell the asset on that network is left out. Real quotes come first,
 * the most crypto for the money first; the best one is also the answer's top level (AppKit's
 * `OnrampQuote`). The request is checked against the options (asset, network, currency,
 * payment method and its limits) first: a 400 names what is wrong.
 */
export async function getOnrampQuotes(
  deps: OnrampDeps,
  parameters: GetOnrampQuotesParameters,
): Promise<OnrampQuoteResponse> {
  const { signal } = parameters
  const paymentCurrency = parameters.paymentCurrency.toUpperCase()
  const paymentMethod = (parameters.paymentMethod ?? 'card').toLowerCase()
  const options = await getOnrampOptions(deps, { signal })

  const wanted = parameters.purchaseCurrency.toUpperCase()
  const currency = options.purchaseCurrencies.find(
    (entry) => entry.symbol.toUpperCase() === wanted || entry.id.toUpperCase() === wanted,
  )
  if (!currency)
    throw new InvalidRequestError({
      message: `purchaseCurrency ${JSON.stringify(parameters.purchaseCurrency.slice(0, 64))} is not offered.`,
    })
  const network = findOnrampNetwork(currency, parameters.network)
  if (!network)
    throw new InvalidRequestError({
      message: `network ${JSON.stringify((parameters.network ?? '').slice(0, 100))} is not offered for ${currency.symbol}.`,
    })
  const payment = options.paymentCurrencies.find((entry) => entry.id === paymentCurrency)
  if (!payment)
    throw new InvalidRequestError({
      message: `paymentCurrency ${JSON.stringify(paymentCurrency)} is not offered.`,
    })
  const limit = payment.payment_method_limits.find((entry) => entry.id === paymentMethod)
  if (!limit)
    throw new InvalidRequestError({
      message: `paymentMethod ${JSON.stringify(paymentMethod)} is not offered for ${paymentCurrency}.`,
    })
  const amount = Number(parameters.amount)
  if (amount < Number(limit.min) || amount > Number(limit.max))
    throw new InvalidRequestError({
      message: `amount must be between ${limit.min} and ${limit.max} ${paymentCurrency} by ${paymentMethod}.`,
    })

  const symbol = currency.symbol
  const quoteOne = async (provider: OnrampProvider): Promise<OnrampProviderQuote | undefined> => {
    const estimate = () =>
      estimateOnrampQuote(deps, {
        provider,
        symbol,
        network,
        paymentCurrency,
        amount: amount.toFixed(2),
      })
    let providerOptions: Awaited<ReturnType<OnrampDeps['optionsCache']['get']>>
    try {
      providerOptions = await deps.optionsCache.get(provider, signal)
    } catch {
      return estimate()
    }
    const asset = findOnrampAsset(providerOptions, { symbol, chainId: network.chain_id })
    if (!asset) return undefined
    try {
      const quote = await provider.getQuote({
        purchaseCurrencyId: asset.currency.id,
        purchaseSymbol: symbol,
        network: asset.network.name,
        paymentCurrency,
        paymentMethod,
        // Fiat in cents, as every provider takes it.
        amount: amount.toFixed(2),
        signal,
      })
      return { provider: provider.info, ...quote, estimated: false }
    } catch (error) {
      if (signal?.aborted) throw error
      deps.logger.warn('An on-ramp provider did not quote; estimating.', {
        provider: provider.info.id,
        cause: error instanceof Error ? error.message : String(error),
      })
      return estimate()
    }
  }

  const quotes = (await Promise.all(deps.providers.map(quoteOne))).filter(
    (quote): quote is OnrampProviderQuote => quote !== undefined,
  )
  quotes.sort(
    (a, b) =>
      Number(a.estimated) - Number(b.estimated) ||
      Number(b.purchaseAmount.amount) - Number(a.purchaseAmount.amount),
  )
  const [best] = quotes
  if (!best) throw new OnrampQuoteUnavailableError({ symbol })
  return {
    paymentTotal: best.paymentTotal,
    paymentSubtotal: best.paymentSubtotal,
    purchaseAmount: best.purchaseAmount,
    coinbaseFee: best.providerFee,
    networkFee: best.networkFee,
    quoteId: best.quoteId,
    provider: best.provider.id,
    estimated: best.estimated,
    quotes,
  }
}
