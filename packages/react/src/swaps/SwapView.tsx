import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { TokenIcon } from '../account/TokenIcon.tsx'
import type { SwapTranslate } from './swapMessages.ts'

/** A token as the Swap view shows it. */
export type SwapTokenView = {
  address: string
  symbol: string
  name: string
  iconUrl?: string | undefined
  /** The balance as shown ("1,000.000"). */
  balance: string
}

export type SwapViewProps = {
  ts: SwapTranslate
  /** The whole view is unavailable (the network offers no swaps, a restricted region): why. */
  unavailable?: string | undefined
  from: SwapTokenView | undefined
  to: SwapTokenView | undefined
  onPick(side: 'from' | 'to'): void
  onFlip(): void
  /** As typed, dot-decimal. */
  amount: string
  onAmountChange(amount: string): void
  onMax(): void
  /** The amount's value in fiat, when known. */
  amountFiat?: string | undefined
  /** The quoted amount out, as shown; empty without a quote. */
  receive: string
  receivePending: boolean
  /** The quote's figures, once there is one. */
  details?:
    | {
        rate: string
        priceImpact: string
        networkFee: string
        minimumReceived: string
      }
    | undefined
  /** A price impact above 5%: the warning text. */
  warning?: string | undefined
  /** In percent. */
  slippage: number
  onSlippageChange(slippage: number): void
  /** Shown when the allowance is short: exact or unlimited. */
  approval?:
    | { choice: 'exact' | 'unlimited'; onChoice(choice: 'exact' | 'unlimited'): void }
    | undefined
  /** The main button: what it does (or why it cannot), and whether it can be pressed. */
  action: { label: string; disabled: boolean; busy: boolean }
  onAction(): void
  /** Why the last approval or swap did not go through. */
  failure?: string | undefined
  /** The wallet step under way, as a sentence (for screen readers too). */
  status?: string | undefined
}

const slippagePresets = [0.5, 1, 3]

/**
 * The Swap form: the token paid with and its amount (Max), the token received and the quoted
 * amount, the quote's rate, price impact, network fee and minimum received, the slippage
 * tolerance, the approval choice when one is needed, and one button that says what it does
 * or why it cannot. Props in, callbacks out.
 */
export function SwapView(props: SwapViewProps) {
  const { ts } = props
  const id = useId()
  // The custom tolerance as typed ("0.", "0.0"...), so the field never jumps while typing.
  const [customText, setCustomText] = useState(() =>
    slippagePresets.includes(props.slippage) ? '' : String(props.slippage),
  )
  const amountRef = useRef<HTMLInputElement>(null)
  // Opened before its chunk had loaded, the modal focused its placeholder (or its close
  // button): take the focus to the amount once here, unless the person is already in a field.
  useEffect(() => {
    const active = document.activeElement
    const typing = active instanceof HTMLInputElement || active instanceof HTMLSelectElement
    if (!typing && amountRef.current?.closest('dialog'))
      amountRef.current.focus({ preventScroll: true })
  }, [])
  if (props.unavailable)
    return (
      <div className="latch-swap" data-testid="swap-view">
        <p className="latch-swap__unavailable" role="alert" data-testid="swap-unavailable">
          {props.unavailable}
        </p>
      </div>
    )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!props.action.disabled) props.onAction()
  }
  return (
    <form className="latch-swap" data-testid="swap-view" noValidate onSubmit={onSubmit}>
      <fieldset className="latch-swap__side" aria-labelledby={`${id}from-title`}>
        <div className="latch-field__row">
          <span id={`${id}from-title`} className="latch-field__label">
            {ts('youPay')}
          </span>
          {props.from ? (
            <span className="latch-field__aside" data-testid="swap-from-balance">
              {ts('balance', { amount: `${props.from.balance} ${props.from.symbol}` })}
            </span>
          ) : null}
        </div>
        <div className="latch-swap__row">
          <input
            ref={amountRef}
            id={`${id}amount`}
            className="latch-swap__amount"
            data-testid="swap-amount"
            data-autofocus
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            placeholder="0.0"
            aria-label={ts('amountFrom')}
            value={props.amount}
            onChange={(event) => props.onAmountChange(event.target.value)}
          />
          <TokenButton
            token={props.from}
            label={ts('pickFrom')}
            placeholder={ts('selectToken')}
            testId="swap-from-token"
            onClick={() => props.onPick('from')}
          />
        </div>
        <div className="latch-field__row">
          <span className="latch-field__hint" dir="ltr">
            {props.amountFiat ? `≈ ${props.amountFiat}` : ''}
          </span>
          <button
            type="button"
            className="latch-send__max"
            data-testid="swap-max"
            onClick={props.onMax}
            disabled={!props.from}
          >
            {ts('max')}
          </button>
        </div>
      </fieldset>

      <button
        type="button"
        className="latch-swap__flip"
        data-testid="swap-flip"
        aria-label={ts('flip')}
        title={ts('flip')}
        onClick={props.onFlip}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M8 4v14m0 0l-4-4m4 4l4-4M16 20V6m0 0l-4 4m4-4l4 4" />
        </svg>
      </button>

      <fieldset className="latch-swap__side" aria-labelledby={`${id}to-title`}>
        <div className="latch-field__row">
          <span id={`${id}to-title`} className="latch-field__label">
            {ts('youReceive')}
          </span>
          {props.to ? (
            <span className="latch-field__aside" data-testid="swap-to-balance">
              {ts('balance', { amount: `${props.to.balance} ${props.to.symbol}` })}
            </span>
          ) : null}
        </div>
        <div className="latch-swap__row">
          <output
            className="latch-swap__amount latch-swap__amount--out"
            data-testid="swap-receive"
            aria-label={ts('amountTo')}
            aria-busy={props.receivePending || undefined}
            dir="ltr"
          >
            {props.receive || (props.receivePending ? '…' : '0.0')}
          </output>
          <TokenButton
            token={props.to}
            label={ts('pickTo')}
            placeholder={ts('selectToken')}
            testId="swap-to-token"
            onClick={() => props.onPick('to')}
          />
        </div>
      </fieldset>

      {props.details ? (
        <dl className="latch-swap__details" data-testid="swap-details" aria-label={ts('details')}>
          <Detail term={ts('rate')} value={props.details.rate} testId="swap-rate" />
          <Detail
            term={ts('priceImpact')}
            value={props.details.priceImpact}
            testId="swap-price-impact"
          />
          <Detail term={ts('networkFee')} value={props.details.networkFee} testId="swap-fee" />
          <Detail
            term={ts('minimumReceived')}
            value={props.details.minimumReceived}
            testId="swap-minimum"
          />
        </dl>
      ) : null}
      {props.warning ? (
        <p className="latch-swap__warning" role="alert" data-testid="swap-warning">
          {props.warning}
        </p>
      ) : null}

      <fieldset className="latch-swap__slippage">
        <legend className="latch-field__label">{ts('slippage')}</legend>
        <div className="latch-swap__chips">
          {slippagePresets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="latch-swap__chip"
              aria-pressed={props.slippage === preset}
              data-testid={`swap-slippage-${preset}`}
              onClick={() => {
                setCustomText('')
                props.onSlippageChange(preset)
              }}
            >
              {`${preset}%`}
            </button>
          ))}
          <input
            className="latch-swap__chip latch-swap__chip--input"
            data-testid="swap-slippage"
            type="number"
            inputMode="decimal"
            min={0.01}
            max={50}
            step={0.01}
            dir="ltr"
            aria-label={ts('slippageCustom')}
            value={customText}
            placeholder="%"
            onChange={(event) => {
              setCustomText(event.target.value)
              const value = Number(event.target.value)
              if (event.target.value !== '' && Number.isFinite(value)) props.onSlippageChange(value)
            }}
          />
        </div>
      </fieldset>

      {props.approval ? (
        <fieldset className="latch-swap__approval" data-testid="swap-approval">
          <legend className="latch-field__label">{ts('approval')}</legend>
          {(['exact', 'unlimited'] as const).map((choice) => (
            <label key={choice} className="latch-swap__radio">
              <input
                type="radio"
                name={`${id}approval`}
                value={choice}
                checked={props.approval?.choice === choice}
                onChange={() => props.approval?.onChoice(choice)}
              />
              {ts(choice === 'exact' ? 'approvalExact' : 'approvalUnlimited')}
            </label>
          ))}
        </fieldset>
      ) : null}

      <div role="alert">
        {props.failure ? (
          <p className="latch-send__alert" data-testid="swap-failure">
            {props.failure}
          </p>
        ) : null}
      </div>
      <p className="latch-visually-hidden" role="status">
        {props.status ?? ''}
      </p>

      <button
        type="submit"
        className="latch-button latch-button--primary latch-send__submit"
        data-testid="swap-submit"
        disabled={props.action.disabled}
        aria-busy={props.action.busy || undefined}
      >
        {props.action.busy ? <span className="latch-spinner" aria-hidden="true" /> : null}
        {props.action.label}
      </button>
    </form>
  )
}

function TokenButton(props: {
  token: SwapTokenView | undefined
  label: string
  placeholder: string
  testId: string
  onClick(): void
}) {
  return (
    <button
      type="button"
      className="latch-swap__token"
      data-testid={props.testId}
      aria-label={`${props.label}: ${props.token?.symbol ?? props.placeholder}`}
      onClick={props.onClick}
    >
      {props.token ? (
        <>
          <TokenIcon symbol={props.token.symbol} url={props.token.iconUrl} size={24} />
          <span>{props.token.symbol}</span>
        </>
      ) : (
        <span>{props.placeholder}</span>
      )}
      <svg className="latch-swap__chevron" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 9l6 6 6-6" />
      </svg>
    </button>
  )
}

function Detail(props: { term: string; value: string; testId: string }) {
  return (
    <div className="latch-swap__detail">
      <dt>{props.term}</dt>
      <dd dir="ltr" data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  )
}
