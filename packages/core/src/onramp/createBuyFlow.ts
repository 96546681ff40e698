import type {
  HistoryTransaction,
  OnrampOptionsResponse,
  OnrampProviderInfo,
  OnrampQuoteResponse,
} from '@latch/api-contract'
import { getTokenBalances } from '../actions/getTokenBalances.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { Unsubscribe } from '../types.ts'
import { createStore } from '../utils/createStore.ts'
import { type BuyCurrency, getBuyCurrencies } from './getBuyCurrencies.ts'
import { getOnrampOptions } from './getOnrampOptions.ts'
import { getOnrampQuotes } from './getOnrampQuotes.ts'
import { getOnrampUrl } from './getOnrampUrl.ts'
import { getOnrampPage, type OnrampPageLike, type OnrampWindowLike } from './openOnrampWindow.ts'
import {
  getOnrampLimit,
  type OnrampAmountMessage,
  type OnrampLimit,
  validateOnrampAmount,
} from './validateOnrampAmount.ts'
import {
  getOnrampPurchaseIds,
  onrampPollIntervalMs,
  onrampWaitTimeoutMs,
  waitForOnrampPurchase,
} from './waitForOnrampPurchase.ts'

/** Quotes are asked this long after the last change of the form. */
export const buyQuoteDelayMs = 400

/** Where a purchase stands, from "Continue to {provider}" to the coins in the account. */
export type BuyFlowPurchase =
  | { status: 'idle' }
  /** Asking the API for the checkout URL. */
  | { status: 'opening'; provider: OnrampProviderInfo }
  /** The checkout is open (in its window, or this tab is leaving for it): awaiting the coins. */
  | { status: 'waiting'; provider: OnrampProviderInfo; sameTab: boolean }
  | {
      status: 'purchased'
      provider: OnrampProviderInfo
      /** What arrived, as the history tells it ("0.033"), and its symbol. */
      amount: string
      symbol: string
      transaction: HistoryTransaction
    }
  /** Nothing arrived in time; the person may still finish on the provider's page. */
  | { status: 'timeout'; provider: OnrampProviderInfo }
  | { status: 'failed'; provider: OnrampProviderInfo; error: Error }

export type BuyFlowState = {
  /** The account that receives, and its chain. */
  address: string | undefined
  chainId: number | undefined
  options:
    | { status: 'pending' }
    | { status: 'error'; error: Error }
    | { status: 'success'; value: OnrampOptionsResponse }
  /** The options' currencies on the app's networks. */
  currencies: readonly BuyCurrency[]
  /** The chosen currency's `key` (`{symbol}:{network}`). */
  currencyKey: string | undefined
  /** ISO 4217, e.g. `USD`. */
  paymentCurrency: string
  /** `card` or `ach_bank_account`. */
  paymentMethod: string
  /** As typed, dot-decimal ("100"). */
  amount: string
  /** The chosen method's limits in the chosen currency. */
  limit: OnrampLimit | undefined
  /** What is wrong with the amount, when anything is. */
  validation: OnrampAmountMessage | undefined
  quotes:
    | { status: 'idle' }
    | { status: 'pending'; value?: OnrampQuoteResponse | undefined }
    | { status: 'error'; error: Error }
    | { status: 'success'; value: OnrampQuoteResponse }
  /** The provider chosen; the best quote's until the person picks another. */
  providerId: string | undefined
  purchase: BuyFlowPurchase
}

export type BuyFlowContinueResult =
  | { status: 'invalid' }
  | { status: 'busy' }
  | Exclude<BuyFlowPurchase, { status: 'idle' | 'opening' | 'waiting' | 'purchased' }>
  | (Extract<BuyFlowPurchase, { status: 'purchased' }> & {
      /** The balances read again past the API's cache: invalidate the views' queries after it. */
      refreshed: Promise<void>
    })
  | { status: 'cancelled' }
  /** The page went to the checkout itself (the window was blocked). */
  | { status: 'left' }

export type BuyFlow = {
  getState(): BuyFlowState
  subscribe(listener: (state: BuyFlowState, previous: BuyFlowState) => void): Unsubscribe
  /** Loads the options (once) for this account and asks the first quotes. */
  start(parameters: { address: string; chainId?: number | undefined }): void
  setCurrency(key: string): void
  setPaymentCurrency(id: string): void
  setPaymentMethod(id: string): void
  setAmount(amount: string): void
  selectProvider(id: string): void
  /**
   * Continues to the chosen provider: asks the checkout URL, points `window` at it (opened
   * with `openOnrampWindow` in the click; null: this page goes there), then awaits the
   * purchase in the account's history.
   */
  continue(parameters: {
    window: OnrampWindowLike | null
    page?: OnrampPageLike | undefined
  }): Promise<BuyFlowContinueResult>
  /** Stops awaiting the purchase (the checkout window is left as it is) and shows the form. */
  cancel(): void
}

export type CreateBuyFlowParameters = {
  pollIntervalMs?: number | undefined
  timeoutMs?: number | undefined
}

const defaultAmount = '100'

/**
 * The Buy form of the on-ramp (spec section 7): options, the currency and network, the fiat
 * amount checked against the payment method's limits, each provider's quote (asked again
 * `buyQuoteDelayMs` after the last change; an answer to older inputs is dropped), then the
 * provider's checkout and the wait for the purchase in the account's history.
 */
export function createBuyFlow(
  config: LatchConfig,
  parameters: CreateBuyFlowParameters = {},
): BuyFlow {
  const store = createStore<BuyFlowState>({
    address: undefined,
    chainId: undefined,
    options: { status: 'pending' },
    currencies: [],
    currencyKey: undefined,
    paymentCurrency: config.options.currency.toUpperCase(),
    paymentMethod: 'card',
    amount: defaultAmount,
    limit: undefined,
    validation: undefined,
    quotes: { status: 'idle' },
    providerId: undefined,
    purchase: { status: 'idle' },
  })
  const { scheduler } = config
  let quoteTimer: unknown
  /** Bumped by every change of the form: an older quote's answer is dropped. */
  let quoteRound = 0
  /** Bumped by every purchase and cancel: an older purchase's outcome is dropped. */
  let purchaseRound = 0
  /** Options are loading or loaded: asked once. */
  let optionsAsked = false

  const currentCurrency = (state: BuyFlowState) =>
    state.currencies.find((entry) => entry.key === state.currencyKey)

  /** Recomputes the limit and the amount's message, then asks quotes after the delay. */
  const refresh = (next: Partial<BuyFlowState> = {}) => {
    quoteRound += 1
    const round = quoteRound
    scheduler.clearTimeout(quoteTimer)
    store.setState((state) => {
      const merged = { ...state, ...next }
      if (merged.options.status !== 'success') return merged
      const limit = getOnrampLimit(
        merged.options.value.paymentCurrencies,
        merged.paymentCurrency,
        merged.paymentMethod,
      )
      const validation = validateOnrampAmount({
        amount: merged.amount,
        currency: merged.paymentCurrency,
        method: merged.paymentMethod,
        limit,
      })
      const ready = !validation && currentCurrency(merged) !== undefined
      return {
        ...merged,
        limit,
        validation,
        quotes: ready
          ? {
              status: 'pending',
              value: state.quotes.status === 'success' ? state.quotes.value : undefined,
            }
          : { status: 'idle' },
      }
    })
    const state = store.getState()
    if (state.quotes.status !== 'pending') return
    quoteTimer = scheduler.setTimeout(() => void askQuotes(round), buyQuoteDelayMs)
  }

  const askQuotes = async (round: number) => {
    const state = store.getState()
    const currency = currentCurrency(state)
    if (!currency) return
    try {
      const value = await getOnrampQuotes(config, {
        purchaseCurrency: currency.symbol,
        network: currency.network,
        paymentCurrency: state.paymentCurrency,
        amount: state.amount.trim(),
        paymentMethod: state.paymentMethod,
      })
      if (round !== quoteRound) return
      store.setState((current) => ({
        ...current,
        quotes: { status: 'success', value },
        // The chosen provider stays chosen while it still quotes; else the best one.
        providerId: value.quotes.some((quote) => quote.provider.id === current.providerId)
          ? current.providerId
          : value.quotes[0]?.provider.id,
      }))
    } catch (error) {
      if (round !== quoteRound) return
      store.setState((current) => ({
        ...current,
        quotes: { status: 'error', error: error as Error },
      }))
    }
  }

  const load = () => {
    if (optionsAsked) return
    optionsAsked = true
    void getOnrampOptions(config).then(
      (value) => {
        const state = store.getState()
        const currencies = getBuyCurrencies(
          value.purchaseCurrencies,
          config.networks.map((network) => network.id),
        )
        const onChain = currencies.filter((entry) => entry.chainId === state.chainId)
        const preferred =
          onChain.find((entry) => entry.symbol === nativeSymbol(state.chainId)) ??
          onChain[0] ??
          currencies[0]
        const fiat = value.paymentCurrencies.some((entry) => entry.id === state.paymentCurrency)
          ? state.paymentCurrency
          : (value.paymentCurrencies[0]?.id ?? state.paymentCurrency)
        const methods =
          value.paymentCurrencies.find((entry) => entry.id === fiat)?.payment_method_limits ?? []
        const method = methods.some((entry) => entry.id === state.paymentMethod)
          ? state.paymentMethod
          : (methods[0]?.id ?? state.paymentMethod)
        refresh({
          options: { status: 'success', value },
          currencies,
          currencyKey: preferred?.key,
          paymentCurrency: fiat,
          paymentMethod: method,
        })
      },
      (error: Error) => {
        optionsAsked = false
        store.setState((state) => ({ ...state, options: { status: 'error', error } }))
      },
    )
  }

  const nativeSymbol = (chainId: number | undefined) =>
    config.networks.find((network) => network.id === chainId)?.nativeCurrency.symbol

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start({ address, chainId }) {
      const state = store.getState()
      if (state.address !== address || state.chainId !== chainId)
        store.setState({ ...state, address, chainId })
      if (store.getState().options.status === 'error')
        store.setState((current) => ({ ...current, options: { status: 'pending' } }))
      load()
    },
    setCurrency: (key) => refresh({ currencyKey: key }),
    setPaymentCurrency(id) {
      const state = store.getState()
      const methods =
        state.options.status === 'success'
          ? (state.options.value.paymentCurrencies.find((entry) => entry.id === id)
              ?.payment_method_limits ?? [])
          : []
      refresh({
        paymentCurrency: id,
        paymentMethod: methods.some((entry) => entry.id === state.paymentMethod)
          ? state.paymentMethod
          : (methods[0]?.id ?? state.paymentMethod),
      })
    },
    setPaymentMethod: (id) => refresh({ paymentMethod: id }),
    setAmount: (amount) => refresh({ amount }),
    selectProvider(id) {
      store.setState((state) => ({ ...state, providerId: id }))
    },
    async continue({ window, page }) {
      const state = store.getState()
      const currency = currentCurrency(state)
      const quote =
        state.quotes.status === 'success'
          ? state.quotes.value.quotes.find((entry) => entry.provider.id === state.providerId)
          : undefined
      if (state.purchase.status === 'opening' || state.purchase.status === 'waiting') {
        window?.close()
        return { status: 'busy' }
      }
      if (!state.address || !currency || state.validation || !quote) {
        window?.close()
        return { status: 'invalid' }
      }
      purchaseRound += 1
      const round = purchaseRound
      const provider = quote.provider
      const address = state.address
      const isCurrent = () => round === purchaseRound
      store.setState({ ...state, purchase: { status: 'opening', provider } })
      const known = await getOnrampPurchaseIds(config, { address, chainId: currency.chainId })
      let url: string
      try {
        ;({ url } = await getOnrampUrl(config, {
          address,
          provider: provider.id,
          network: currency.network,
          purchaseCurrency: currency.symbol,
          fiatCurrency: state.paymentCurrency,
          amount: state.amount.trim(),
        }))
      } catch (error) {
        window?.close()
        if (!isCurrent()) return { status: 'cancelled' }
        const failed = { status: 'failed', provider, error: error as Error } as const
        store.setState((current) => ({ ...current, purchase: failed }))
        return failed
      }
      if (!isCurrent()) {
        window?.close()
        return { status: 'cancelled' }
      }
      if (!window || window.closed) {
        // Blocked: this tab goes to the checkout (its "Back to the app" link returns here).
        store.setState((current) => ({
          ...current,
          purchase: { status: 'waiting', provider, sameTab: true },
        }))
        getOnrampPage(page).location.assign(url)
        return { status: 'left' }
      }
      window.location.href = url
      store.setState((current) => ({
        ...current,
        purchase: { status: 'waiting', provider, sameTab: false },
      }))
      const outcome = await waitForOnrampPurchase(config, {
        address,
        chainId: currency.chainId,
        known,
        isCancelled: () => !isCurrent(),
        pollIntervalMs: parameters.pollIntervalMs ?? onrampPollIntervalMs,
        timeoutMs: parameters.timeoutMs ?? onrampWaitTimeoutMs,
      })
      if (outcome.status === 'cancelled' || !isCurrent()) return { status: 'cancelled' }
      if (outcome.status === 'timeout') {
        const timeout = { status: 'timeout', provider } as const
        store.setState((current) => ({ ...current, purchase: timeout }))
        return timeout
      }
      const received =
        outcome.transaction.transfers.find((transfer) => transfer.direction === 'in') ??
        outcome.transaction.transfers[0]
      const purchased = {
        status: 'purchased',
        provider,
        amount: received?.quantity.numeric ?? '',
        symbol: received?.fungible_info?.symbol ?? currency.symbol,
        transaction: outcome.transaction,
      } as const
      store.setState((current) => ({ ...current, purchase: purchased }))
      const refreshed = getTokenBalances(config, {
        address,
        chainId: currency.chainId ?? state.chainId ?? 0,
        currency: config.options.currency,
        forceUpdate: true,
      }).then(
        () => undefined,
        () => undefined,
      )
      return { ...purchased, refreshed }
    },
    cancel() {
      purchaseRound += 1
      store.setState((state) => ({ ...state, purchase: { status: 'idle' } }))
    },
  }
}
