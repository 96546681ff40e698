import { type FormEvent, useId } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import { type BuyMessageKey, translateBuy } from './buyMessages.ts'

/** A provider's quote as shown. */
export type BuyQuoteView = {
  providerId: string
  providerName: string
  /** What the person gets ("0.0330"), and its symbol. */
  receive: string
  symbol: string
  /** The provider's fee plus the network's, with the currency ("$1.00"). */
  fee: string
  /** Made from the price feed because the provider did not answer. */
  estimated: boolean
}

export type BuyViewProps = {
  options: 'pending' | 'error' | 'success'
  /** The API's built-in list: no provider answered. */
  fallback: boolean
  onRetry(): void
  currencies: readonly { key: string; symbol: string; networkName: string }[]
  currencyKey: string | undefined
  onCurrencyChange(key: string): void
  fiatCurrencies: readonly string[]
  fiatCurrency: string
  onFiatCurrencyChange(id: string): void
  /** As typed ("100"). */
  amount: string
  onAmountChange(amount: string): void
  /** Preset amounts inside the method's limits ("50", "100"...). */
  presets: readonly string[]
  methods: readonly { id: string; label: string; limits: string }[]
  method: string
  onMethodChange(id: string): void
  /** What is wrong with the amount (the limits in it). */
  amountError: string | undefined
  quotes: {
    status: 'idle' | 'pending' | 'error' | 'success'
    items: readonly BuyQuoteView[]
  }
  providerId: string | undefined
  onProviderChange(id: string): void
  onContinue(): void
  purchase:
    | { status: 'idle' }
    | { status: 'opening' | 'waiting' | 'timeout'; provider: string }
    | { status: 'purchased'; provider: string; amount: string; symbol: string }
  /** Why the checkout could not be opened. */
  failure: string | undefined
  onCancel(): void
  onDone(): void
}

/**
 * The Buy view (spec section 7): the currency and its network, the amount in fiat with
 * presets, the payment method with its limits, each provider's quote with its fees (an
 * estimate marked), "Continue to {provider}", then the wait for the purchase and its outcome.
 * Props in, callbacks out.
 */
export function BuyView(props: BuyViewProps) {
  const { locale } = useMessages()
  const t = (key: BuyMessageKey, values?: Record<string, string>) =>
    translateBuy(locale, key, values)
  const id = useId()
  const { purchase } = props

  if (props.options === 'pending')
    return (
      <div className="latch-lazy-view" aria-busy="true" data-testid="buy-loading">
        <span className="latch-spinner" aria-hidden="true" />
        <span className="latch-visually-hidden" role="status">
          {t('quotesLoading')}
        </span>
      </div>
    )
  if (props.options === 'error')
    return (
      <div className="latch-buy latch-buy__state" data-testid="buy-options-error">
        <p role="alert">{t('optionsFailed')}</p>
        <button
          type="button"
          className="latch-button latch-button--secondary"
          onClick={props.onRetry}
        >
          {t('retry')}
        </button>
      </div>
    )

  if (purchase.status !== 'idle') {
    const provider = purchase.provider
    return (
      <div
        className="latch-buy latch-buy__state"
        data-testid="buy-purchase"
        data-status={purchase.status}
      >
        {purchase.status === 'purchased' ? (
          <>
            <svg className="latch-buy__done" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            <h3 className="latch-buy__title">{t('purchased')}</h3>
            <p role="status" data-testid="buy-received">
              {t('received', { amount: purchase.amount, symbol: purchase.symbol, provider })}
            </p>
            <button
              type="button"
              className="latch-button latch-button--primary"
              data-testid="buy-done"
              data-autofocus
              onClick={props.onDone}
            >
              {t('done')}
            </button>
          </>
        ) : purchase.status === 'timeout' ? (
          <>
            <h3 className="latch-buy__title">{t('timeout')}</h3>
            <p className="latch-field__hint">{t('timeoutHint')}</p>
            <button
              type="button"
              className="latch-button latch-button--secondary"
              onClick={props.onCancel}
            >
              {t('back')}
            </button>
          </>
        ) : (
          <>
            <span className="latch-spinner latch-buy__spinner" aria-hidden="true" />
            <h3 className="latch-buy__title" role="status" data-testid="buy-waiting">
              {purchase.status === 'opening'
                ? t('opening', { provider })
                : t('waiting', { provider })}
            </h3>
            <p className="latch-field__hint">{t('waitingHint')}</p>
            <button
              type="button"
              className="latch-button latch-button--secondary"
              data-testid="buy-cancel"
              onClick={props.onCancel}
            >
              {t('cancel')}
            </button>
          </>
        )}
      </div>
    )
  }

  const chosen = props.quotes.items.find((quote) => quote.providerId === props.providerId)
  const ready = props.quotes.status === 'success' && chosen !== undefined && !props.amountError
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (ready) props.onContinue()
  }

  return (
    <form className="latch-buy" data-testid="buy-view" noValidate onSubmit={onSubmit}>
      {props.fallback ? (
        <p className="latch-field__hint" data-testid="buy-fallback">
          {t('fallback')}
        </p>
      ) : null}
      <div className="latch-field">
        <label className="latch-field__label" htmlFor={`${id}currency`}>
          {t('currency')}
        </label>
        <select
          id={`${id}currency`}
          className="latch-send__select latch-buy__select"
          data-testid="buy-currency"
          data-autofocus
          value={props.currencyKey ?? ''}
          onChange={(event) => props.onCurrencyChange(event.target.value)}
        >
          {props.currencies.map((currency) => (
            <option key={currency.key} value={currency.key}>
              {t('currencyOption', { symbol: currency.symbol, network: currency.networkName })}
            </option>
          ))}
        </select>
      </div>

      <div className="latch-field">
        <label className="latch-field__label" htmlFor={`${id}amount`}>
          {t('amount')}
        </label>
        <div className="latch-buy__amount">
          <input
            id={`${id}amount`}
            className="latch-send__input"
            data-testid="buy-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={props.amount}
            onChange={(event) => props.onAmountChange(event.target.value)}
            aria-invalid={props.amountError ? true : undefined}
            aria-describedby={props.amountError ? `${id}amount-error` : undefined}
          />
          <select
            className="latch-send__select latch-buy__fiat"
            data-testid="buy-fiat"
            aria-label={t('fiatCurrency')}
            value={props.fiatCurrency}
            onChange={(event) => props.onFiatCurrencyChange(event.target.value)}
          >
            {props.fiatCurrencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </div>
        {props.presets.length > 0 ? (
          <fieldset className="latch-buy__presets">
            <legend className="latch-visually-hidden">{t('presets')}</legend>
            {props.presets.map((preset) => (
              <button
                key={preset}
                type="button"
                className="latch-buy__chip"
                data-testid={`buy-preset-${preset}`}
                aria-pressed={props.amount === preset}
                onClick={() => props.onAmountChange(preset)}
              >
                <span dir="ltr">{`${preset} ${props.fiatCurrency}`}</span>
              </button>
            ))}
          </fieldset>
        ) : null}
        {props.amountError ? (
          <p id={`${id}amount-error`} className="latch-field__error" data-testid="buy-amount-error">
            {props.amountError}
          </p>
        ) : null}
      </div>

      <fieldset className="latch-buy__group">
        <legend className="latch-field__label">{t('method')}</legend>
        {props.methods.map((method) => (
          <label
            key={method.id}
            className="latch-buy__option"
            data-testid={`buy-method-${method.id}`}
          >
            <input
              type="radio"
              name={`${id}method`}
              value={method.id}
              checked={props.method === method.id}
              onChange={() => props.onMethodChange(method.id)}
            />
            <span className="latch-buy__option-name">{method.label}</span>
            <span className="latch-buy__option-aside" dir="ltr">
              {method.limits}
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset
        className="latch-buy__group"
        aria-busy={props.quotes.status === 'pending' || undefined}
      >
        <legend className="latch-field__label">{t('quotes')}</legend>
        {props.quotes.items.map((quote) => (
          <label
            key={quote.providerId}
            className="latch-buy__option"
            data-testid={`buy-quote-${quote.providerId}`}
          >
            <input
              type="radio"
              name={`${id}provider`}
              value={quote.providerId}
              checked={props.providerId === quote.providerId}
              onChange={() => props.onProviderChange(quote.providerId)}
            />
            <span className="latch-buy__option-name">
              {quote.providerName}
              {quote.estimated ? (
                <span
                  className="latch-buy__badge"
                  data-testid="buy-estimated"
                  title={t('estimatedHint')}
                >
                  {t('estimated')}
                </span>
              ) : null}
            </span>
            <span className="latch-buy__option-aside">
              <span dir="ltr" data-testid="buy-quote-receive">
                {t('receive', { amount: quote.receive, symbol: quote.symbol })}
              </span>
              <span className="latch-buy__fee" data-testid="buy-quote-fee">
                {t('fee', { amount: quote.fee })}
              </span>
            </span>
          </label>
        ))}
        <div role="status">
          {props.quotes.status === 'pending' && props.quotes.items.length === 0 ? (
            <p className="latch-field__hint">{t('quotesLoading')}</p>
          ) : props.quotes.status === 'error' ? (
            <p className="latch-field__error" data-testid="buy-quotes-error">
              {t('quotesFailed')}
            </p>
          ) : null}
        </div>
      </fieldset>

      <div role="alert">
        {props.failure ? (
          <p className="latch-send__alert" data-testid="buy-failure">
            {props.failure}
          </p>
        ) : null}
      </div>

      <button
        type="submit"
        className="latch-button latch-button--primary"
        data-testid="buy-continue"
        disabled={!ready}
      >
        {chosen ? t('continue', { provider: chosen.providerName }) : t('quotes')}
      </button>
    </form>
  )
}
