import { formatTokenUnits, parseTokenAmount, type SwapFlowToken } from '@latch/core'
import { formatFiat } from '../account/formatFiat.ts'
import { formatTokenAmount } from '../account/formatTokenAmount.ts'
import { toIntlLocale } from '../account/toIntlLocale.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { getSwapErrorMessage } from './getSwapErrorMessage.ts'
import type { SwapTokenView, SwapViewProps } from './SwapView.tsx'
import { useSwapFlow } from './useSwapFlow.ts'

/** A small amount to 4 significant digits ("0.00004620"), as fees and rates can be tiny. */
function formatSignificant(value: string, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 4 }).format(Number(value))
}

/** A token as the Swap views show it, its balance to 3 decimals. */
export function toSwapTokenView(token: SwapFlowToken, locale: string): SwapTokenView {
  return {
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    iconUrl: token.logoUri || undefined,
    balance: formatTokenAmount(formatTokenUnits(token.balance, token.decimals), locale),
  }
}

/**
 * Core's Swap flow (`createSwapFlow`) rendered as the props of `SwapView`, in the person's
 * language: figures formatted, the button's label and what it does (refresh, approve, swap).
 */
export function useSwapForm(): SwapViewProps {
  const { t, ts, locale, router, flow, state, available } = useSwapFlow()
  const account = useAccount()
  const intlLocale = toIntlLocale(locale)
  const from = state.tokens.find((token) => token.address === state.from)
  const to = state.tokens.find((token) => token.address === state.to)
  const quote = state.quote.value
  const native = account.network?.nativeCurrency
  const typed = from ? parseTokenAmount(state.amount, from.decimals) : undefined

  const base = {
    ts,
    from: from && toSwapTokenView(from, intlLocale),
    to: to && toSwapTokenView(to, intlLocale),
    onPick(side: 'from' | 'to') {
      flow.setPicking(side)
      router.push({ view: 'SwapSelectToken' })
    },
    onFlip: flow.flip,
    amount: state.amount,
    onAmountChange: flow.setAmount,
    onMax: flow.max,
    amountFiat:
      typed?.status === 'valid' && from && from.price > 0
        ? formatFiat(Number(formatTokenUnits(typed.value, from.decimals)) * from.price, {
            currency: 'usd',
            locale: intlLocale,
          })
        : undefined,
    receive:
      quote && to
        ? formatSignificant(formatTokenUnits(BigInt(quote.toAmount), to.decimals), intlLocale)
        : '',
    receivePending: state.quote.status === 'pending',
    details:
      quote && from && to
        ? {
            rate: `1 ${from.symbol} = ${formatSignificant(quote.rate, intlLocale)} ${to.symbol}`,
            priceImpact: quote.priceImpact === null ? '–' : `${quote.priceImpact.toFixed(2)}%`,
            networkFee: native
              ? `${formatSignificant(formatTokenUnits(BigInt(quote.networkFee), native.decimals), intlLocale)} ${native.symbol}`
              : '–',
            minimumReceived: `${formatSignificant(formatTokenUnits(BigInt(quote.minimumReceived), to.decimals), intlLocale)} ${to.symbol}`,
          }
        : undefined,
    warning:
      state.highPriceImpact && quote?.priceImpact != null
        ? ts('highImpact', { percent: `${quote.priceImpact.toFixed(2)}%` })
        : undefined,
    slippage: state.slippage,
    onSlippageChange: flow.setSlippage,
    approval:
      state.needsApproval && !state.issue
        ? { choice: state.approval, onChoice: flow.setApproval }
        : undefined,
    failure: state.failure ? getSwapErrorMessage(state.failure, t, ts) : undefined,
  }

  if (!available || state.issue === 'networkNotSupported')
    return {
      ...base,
      unavailable: available ? ts('issue.networkNotSupported') : ts('unavailable'),
      action: { label: ts('swap'), disabled: true, busy: false },
      onAction: () => {},
    }
  if (state.step) {
    const label =
      state.step.status === 'approving'
        ? ts('approveIn', { wallet: account.connector?.name ?? '' })
        : ts('confirming')
    return {
      ...base,
      status: label,
      action: { label, disabled: true, busy: true },
      onAction: () => {},
    }
  }
  if (state.issue) {
    const retry =
      state.issue === 'quoteExpired' ||
      state.issue === 'quoteFailed' ||
      state.issue === 'tokensFailed'
    return {
      ...base,
      action: {
        label: ts(`issue.${state.issue}`, { symbol: from?.symbol ?? '' }),
        disabled: !retry,
        busy: state.issue === 'quoteLoading' || state.issue === 'loadingTokens',
      },
      onAction: () => (state.issue === 'tokensFailed' ? void flow.refresh() : flow.refreshQuote()),
    }
  }
  if (state.needsApproval)
    return {
      ...base,
      action: {
        label: ts('approve', { symbol: from?.symbol ?? '' }),
        disabled: false,
        busy: false,
      },
      onAction: () => void flow.approve(),
    }
  return {
    ...base,
    action: { label: ts('swap'), disabled: false, busy: false },
    onAction: () => void flow.swap(),
  }
}
