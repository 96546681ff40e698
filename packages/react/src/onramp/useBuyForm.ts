import type { BuyFlowState, OnrampAmountMessage } from '@latch/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { formatTokenAmount } from '../account/formatTokenAmount.ts'
import { toIntlLocale } from '../account/toIntlLocale.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import type { BuyViewProps } from './BuyView.tsx'
import { paymentMethodLabel, translateBuy } from './buyMessages.ts'
import { continueToProvider } from './continueToProvider.ts'
import { getBuyFlow } from './getBuyFlow.ts'

/** Preset fiat amounts offered when inside the method's limits. */
const presetAmounts = ['50', '100', '250', '500'] as const

/**
 * The Buy form of core (`createBuyFlow`: options, limits, quotes, checkout, the wait) rendered
 * as the props of `BuyView`, in the person's language.
 */
export function useBuyForm(): BuyViewProps {
  const config = useConfig()
  const { locale } = useMessages()
  const account = useAccount()
  const { router } = useConnectModal()
  const queryClient = useQueryClient()
  const flow = getBuyFlow(router, config)
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState)
  const { address } = account
  const chainId = account.chainId
  useEffect(() => {
    if (address) flow.start({ address, chainId })
  }, [flow, address, chainId])

  const intlLocale = toIntlLocale(locale)
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(intlLocale, { maximumSignificantDigits: digits }).format(value)
  const money = (value: number, currency: string) => {
    try {
      return new Intl.NumberFormat(intlLocale, { style: 'currency', currency }).format(value)
    } catch {
      return `${value.toFixed(2)} ${currency}`
    }
  }
  const options = state.options.status === 'success' ? state.options.value : undefined
  const methods =
    options?.paymentCurrencies.find((entry) => entry.id === state.paymentCurrency)
      ?.payment_method_limits ?? []
  const quoteValue =
    state.quotes.status === 'success' || state.quotes.status === 'pending'
      ? state.quotes.value
      : undefined
  const providerName = (id: string) =>
    options?.providers.find((provider) => provider.id === id)?.name ?? id
  const purchase = state.purchase

  return {
    options: state.options.status,
    fallback: options?.fallback ?? false,
    onRetry: () => address && flow.start({ address, chainId }),
    currencies: state.currencies,
    currencyKey: state.currencyKey,
    onCurrencyChange: flow.setCurrency,
    fiatCurrencies: options?.paymentCurrencies.map((entry) => entry.id) ?? [],
    fiatCurrency: state.paymentCurrency,
    onFiatCurrencyChange: flow.setPaymentCurrency,
    amount: state.amount,
    onAmountChange: flow.setAmount,
    presets: presetAmounts.filter(
      (preset) =>
        !state.limit || (Number(preset) >= state.limit.min && Number(preset) <= state.limit.max),
    ),
    methods: methods.map((method) => ({
      id: method.id,
      label: paymentMethodLabel(locale, method.id),
      limits: translateBuy(locale, 'limits', {
        min: number(Number(method.min), 12),
        max: number(Number(method.max), 12),
        currency: state.paymentCurrency,
      }),
    })),
    method: state.paymentMethod,
    onMethodChange: flow.setPaymentMethod,
    amountError: amountMessage(state, locale),
    quotes: {
      status: state.quotes.status,
      items: (quoteValue?.quotes ?? []).map((quote) => ({
        providerId: quote.provider.id,
        providerName: quote.provider.name,
        // Token amounts to 3 decimals (spec section 9).
        receive: formatTokenAmount(quote.purchaseAmount.amount, intlLocale),
        symbol: quote.purchaseAmount.currency,
        fee: money(
          Number(quote.providerFee.amount) + Number(quote.networkFee.amount),
          quote.providerFee.currency,
        ),
        estimated: quote.estimated,
      })),
    },
    providerId: state.providerId,
    onProviderChange: flow.selectProvider,
    onContinue: () => continueToProvider({ flow, config, queryClient, locale }),
    purchase:
      purchase.status === 'idle' || purchase.status === 'failed'
        ? { status: 'idle' }
        : purchase.status === 'purchased'
          ? {
              status: 'purchased',
              provider: purchase.provider.name,
              amount: purchase.amount ? formatTokenAmount(purchase.amount, intlLocale) : '',
              symbol: purchase.symbol,
            }
          : { status: purchase.status, provider: purchase.provider.name },
    failure:
      purchase.status === 'failed'
        ? translateBuy(locale, 'urlFailed', { provider: providerName(purchase.provider.id) })
        : undefined,
    onCancel: flow.cancel,
    onDone: () => {
      flow.cancel()
      router.back()
    },
  }
}

/** The amount's message in the person's language, the method named as the view names it. */
function amountMessage(state: BuyFlowState, locale: string): string | undefined {
  const message: OnrampAmountMessage | undefined = state.validation
  if (!message) return undefined
  return translateBuy(locale, message.key, {
    ...message.values,
    method: paymentMethodLabel(locale, message.values.method),
  })
}
