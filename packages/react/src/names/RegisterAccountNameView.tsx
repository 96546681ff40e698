import type { NameAvailability } from '@latch/core'
import { type FormEvent, useId } from 'react'
import { useMessages } from '../hooks/useMessages.ts'

export type RegisterAccountNameViewProps = {
  /** The names' suffix, shown after the input: "latch.id". */
  suffix: string
  value: string
  onChange(value: string): void
  availability: NameAvailability
  /** 'signing': the wallet is asked to sign the registration, then the API registers it. */
  step: 'form' | 'signing'
  /** The full name being registered, during 'signing'. */
  pendingName?: string | undefined
  walletName?: string | undefined
  /** Why the last registration failed ('Error registering name {name}', 'Signature declined'). */
  error?: string | undefined
  onSubmit(): void
  onPickSuggestion(name: string): void
}

/**
 * RegisterAccountName: the label input with its suffix, the rule, live availability and,
 * for a taken name, free alternatives; then the signing step while the wallet signs.
 */
export function RegisterAccountNameView(props: RegisterAccountNameViewProps) {
  const { t } = useMessages()
  const inputId = useId()
  const ruleId = useId()
  const statusId = useId()
  const { availability } = props

  if (props.step === 'signing')
    return (
      <div className="latch-name latch-name--signing" data-testid="register-name-signing">
        <div className="latch-connecting__logo is-pending" aria-hidden="true">
          <NameIcon />
        </div>
        <h3 className="latch-connecting__title">
          {t('names.signTitle', { name: props.pendingName ?? '' })}
        </h3>
        <p className="latch-connecting__text" role="status">
          {t('names.signText', { wallet: props.walletName || t('connect.title') })}
        </p>
      </div>
    )

  const invalid = availability.status === 'invalid'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit()
  }
  return (
    <form className="latch-name" onSubmit={submit} noValidate data-testid="register-name-view">
      <p className="latch-name__intro">{t('names.intro')}</p>
      <label className="latch-name__label" htmlFor={inputId}>
        {t('names.label')}
      </label>
      <div className={`latch-name__field${invalid ? ' is-invalid' : ''}`} dir="ltr">
        <input
          id={inputId}
          className="latch-name__input"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={63}
          aria-invalid={invalid || undefined}
          aria-describedby={`${ruleId} ${statusId}`}
          data-autofocus
          data-testid="register-name-input"
        />
        <span className="latch-name__suffix" data-testid="register-name-suffix">
          .{props.suffix}
        </span>
      </div>
      <p
        id={ruleId}
        className={`latch-name__rule${invalid ? ' is-error' : ''}`}
        data-testid="register-name-rule"
        data-invalid={invalid || undefined}
      >
        {t('names.rule')}
      </p>
      <p
        id={statusId}
        className={`latch-name__status latch-name__status--${availability.status}`}
        role="status"
        data-testid="register-name-status"
        data-status={availability.status}
      >
        <AvailabilityText availability={availability} />
      </p>
      {availability.status === 'taken' && availability.suggestions.length > 0 ? (
        <section className="latch-name__suggestions">
          <h4 className="latch-name__suggestions-title">{t('names.suggestions')}</h4>
          <ul className="latch-name__suggestion-list">
            {availability.suggestions.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="latch-name__suggestion"
                  onClick={() => props.onPickSuggestion(name)}
                  data-testid="register-name-suggestion"
                >
                  <span dir="ltr">{name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {props.error ? (
        <p className="latch-connecting__alert" role="alert" data-testid="register-name-error">
          {props.error}
        </p>
      ) : null}
      <button
        type="submit"
        className="latch-button latch-button--primary latch-name__submit"
        disabled={availability.status !== 'available'}
        data-testid="register-name-submit"
      >
        {t('names.register')}
      </button>
    </form>
  )
}

function AvailabilityText(props: { availability: NameAvailability }) {
  const { t } = useMessages()
  const { availability } = props
  switch (availability.status) {
    case 'checking':
      return (
        <>
          <span className="latch-spinner latch-name__spinner" aria-hidden="true" />
          {t('names.checking')}
        </>
      )
    case 'available':
      return t('names.available', { name: availability.name })
    case 'taken':
      return t('names.taken', { name: availability.name })
    case 'error':
      return t('error.nameSuggestions')
    default:
      return null
  }
}

/** An @ in a badge: a name for the account. */
export function NameIcon() {
  return (
    <svg className="latch-name__icon" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="3.5" />
      <path d="M15.5 12v1.5a2.5 2.5 0 0 0 5 0V12a8.5 8.5 0 1 0-3.4 6.8" />
    </svg>
  )
}
