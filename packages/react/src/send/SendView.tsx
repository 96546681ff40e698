import { type FormEvent, useId } from 'react'
import { TokenIcon } from '../account/TokenIcon.tsx'
import { useMessages } from '../hooks/useMessages.ts'

/** A balance the person can send from. */
export type SendTokenOption = {
  id: string
  symbol: string
  name: string
  /** The balance as shown ("1,000.000"). */
  amount: string
  iconUrl?: string | undefined
}

export type SendViewProps = {
  tokens: readonly SendTokenOption[]
  tokensStatus: 'pending' | 'error' | 'success'
  /** The chosen token's id; none at first and after a transfer. */
  tokenId: string | undefined
  onTokenChange(tokenId: string): void
  /** As typed, dot-decimal ("1.5"). */
  amount: string
  onAmountChange(amount: string): void
  /** The amount's value in fiat ("$1.50"), when the price is known. */
  amountFiat?: string | undefined
  onMax(): void
  /** As typed: an address or a name. */
  receiver: string
  onReceiverChange(receiver: string): void
  /** The names' suffix ("latch.id"), for the hint. */
  nameSuffix: string
  /** The receiver field's hint; default '0x… or name.{suffix}' (EVM). */
  receiverPlaceholder?: string | undefined
  /** A typed name being resolved, or what it resolved to (shown before sending). */
  resolvedName?: { status: 'pending' } | { status: 'success'; name: string; address: string }
  fee:
    | { status: 'idle' | 'pending' | 'error' }
    | { status: 'success'; text: string; fiat?: string | undefined }
  /** What is wrong, per field and for the form; shown under each. */
  errors: {
    token?: string | undefined
    amount?: string | undefined
    receiver?: string | undefined
    form?: string | undefined
  }
  /** Why the last attempt did not send ('Signature declined'...). */
  failure?: string | undefined
  /** A transfer is under way. */
  submitting: boolean
  onSubmit(): void
}

function FieldError(props: { id: string; testId: string; text: string | undefined }) {
  return props.text ? (
    <p id={props.id} className="latch-field__error" data-testid={props.testId}>
      {props.text}
    </p>
  ) : null
}

/**
 * The Send form: token (from the account's balances), amount with Max, receiver (an address
 * or a name, its address shown once resolved), the network fee, and Send. Props in, callbacks
 * out; each field says what is wrong with it.
 */
export function SendView(props: SendViewProps) {
  const { t } = useMessages()
  const id = useId()
  const { errors } = props
  const selected = props.tokens.find((token) => token.id === props.tokenId)
  const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit()
  }

  return (
    <form className="latch-send" data-testid="send-view" noValidate onSubmit={onSubmit}>
      <div className="latch-field">
        <label className="latch-field__label" htmlFor={`${id}token`}>
          {t('send.token')}
        </label>
        <div className="latch-send__token">
          {selected ? (
            <TokenIcon symbol={selected.symbol} url={selected.iconUrl} size={28} />
          ) : (
            <span className="latch-send__token-placeholder" aria-hidden="true" />
          )}
          <select
            id={`${id}token`}
            className="latch-send__select"
            data-testid="send-token"
            data-autofocus
            value={props.tokenId ?? ''}
            onChange={(event) => props.onTokenChange(event.target.value)}
            aria-invalid={errors.token ? true : undefined}
            aria-describedby={describedBy(Boolean(errors.token) && `${id}token-error`)}
            aria-busy={props.tokensStatus === 'pending' || undefined}
          >
            <option value="" disabled>
              {props.tokensStatus === 'pending' ? t('modal.loading') : t('send.selectToken')}
            </option>
            {props.tokens.map((token) => (
              <option key={token.id} value={token.id}>
                {`${token.symbol} · ${token.amount}`}
              </option>
            ))}
          </select>
          <svg className="latch-send__chevron" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </div>
        <FieldError id={`${id}token-error`} testId="send-error-token" text={errors.token} />
      </div>

      <div className="latch-field">
        <div className="latch-field__row">
          <label className="latch-field__label" htmlFor={`${id}amount`}>
            {t('send.amount')}
          </label>
          {selected ? (
            <span className="latch-field__aside" data-testid="send-balance">
              {t('send.balance', { amount: `${selected.amount} ${selected.symbol}` })}
            </span>
          ) : null}
        </div>
        <div className="latch-send__amount" data-invalid={errors.amount ? true : undefined}>
          <input
            id={`${id}amount`}
            className="latch-send__input latch-send__input--amount"
            data-testid="send-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            placeholder="0.0"
            value={props.amount}
            onChange={(event) => props.onAmountChange(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy(
              Boolean(errors.amount) && `${id}amount-error`,
              Boolean(props.amountFiat) && `${id}amount-fiat`,
            )}
          />
          {selected ? <span className="latch-send__symbol">{selected.symbol}</span> : null}
          <button
            type="button"
            className="latch-send__max"
            data-testid="send-max"
            onClick={props.onMax}
            disabled={!selected}
          >
            {t('send.max')}
          </button>
        </div>
        {props.amountFiat ? (
          <p id={`${id}amount-fiat`} className="latch-field__hint" data-testid="send-amount-fiat">
            ≈ <span dir="ltr">{props.amountFiat}</span>
          </p>
        ) : null}
        <FieldError id={`${id}amount-error`} testId="send-error-amount" text={errors.amount} />
      </div>

      <div className="latch-field">
        <label className="latch-field__label" htmlFor={`${id}receiver`}>
          {t('send.receiver')}
        </label>
        <input
          id={`${id}receiver`}
          className="latch-send__input"
          data-testid="send-receiver"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          dir="ltr"
          placeholder={
            props.receiverPlaceholder ?? t('send.receiverPlaceholder', { suffix: props.nameSuffix })
          }
          value={props.receiver}
          onChange={(event) => props.onReceiverChange(event.target.value)}
          aria-invalid={errors.receiver ? true : undefined}
          aria-describedby={describedBy(
            Boolean(errors.receiver) && `${id}receiver-error`,
            Boolean(props.resolvedName) && `${id}receiver-resolved`,
          )}
        />
        <div id={`${id}receiver-resolved`} role="status">
          {props.resolvedName?.status === 'pending' ? (
            <p className="latch-field__hint">
              <span className="latch-spinner latch-send__spinner" aria-hidden="true" />
              {t('send.resolving')}
            </p>
          ) : props.resolvedName?.status === 'success' ? (
            <p className="latch-send__resolved" data-testid="send-resolved">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
              <span className="latch-send__resolved-name" data-testid="send-resolved-name">
                {props.resolvedName.name}
              </span>
              <span
                className="latch-send__resolved-address"
                data-testid="send-resolved-address"
                dir="ltr"
              >
                {props.resolvedName.address}
              </span>
            </p>
          ) : null}
        </div>
        <FieldError
          id={`${id}receiver-error`}
          testId="send-error-receiver"
          text={errors.receiver}
        />
      </div>

      <div className="latch-send__fee" data-testid="send-fee">
        <span>{t('send.fee')}</span>
        <span className="latch-send__fee-value" aria-busy={props.fee.status === 'pending'}>
          {props.fee.status === 'success' ? (
            <>
              <span dir="ltr" data-testid="send-fee-amount">
                {props.fee.text}
              </span>
              {props.fee.fiat ? (
                <span className="latch-send__fee-fiat" dir="ltr">
                  {props.fee.fiat}
                </span>
              ) : null}
            </>
          ) : props.fee.status === 'pending' ? (
            t('modal.loading')
          ) : (
            // Not estimated yet (no token), or the chain's RPC did not answer.
            '–'
          )}
        </span>
      </div>

      <div role="alert">
        {errors.form ? (
          <p className="latch-send__alert" data-testid="send-error-form">
            {errors.form}
          </p>
        ) : null}
        {props.failure ? (
          <p className="latch-send__alert" data-testid="send-failure">
            {props.failure}
          </p>
        ) : null}
      </div>

      <button
        type="submit"
        className="latch-button latch-button--primary latch-send__submit"
        data-testid="send-submit"
        disabled={props.submitting}
        aria-busy={props.submitting || undefined}
      >
        {t('account.feature.send')}
      </button>
    </form>
  )
}
