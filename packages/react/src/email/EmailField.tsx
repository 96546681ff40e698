import { useId } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import type { MessageKey } from '../i18n/en.ts'

export type EmailFieldProps = {
  value: string
  onChange(value: string): void
  onSubmit(): void
  /**
   * The person starts using the field (a click or tap, typing, a pointer on Continue): load
   * what the next step needs. Not on focus alone: the modal may focus the field by itself.
   */
  onIntent?: (() => void) | undefined
  busy: boolean
  /** The failed attempt's sentence, under the field. */
  error?: string | undefined
  /** Default "Email". */
  labelKey?: MessageKey | undefined
  autoFocus?: boolean | undefined
}

/**
 * An email field with Continue (the Connect view's email method, and the email change): the
 * label is read by screen readers, Enter submits, the error is tied to the field.
 */
export function EmailField(props: EmailFieldProps) {
  const { t } = useMessages()
  const id = useId()
  const label = t(props.labelKey ?? 'email.label')
  return (
    <form
      className="latch-email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!props.busy) props.onSubmit()
      }}
    >
      <label className="latch-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <div className={`latch-email__field${props.error ? ' is-invalid' : ''}`}>
        <input
          id={id}
          className="latch-email__input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          placeholder={label}
          value={props.value}
          onChange={(event) => {
            props.onIntent?.()
            props.onChange(event.target.value)
          }}
          onPointerDown={props.onIntent}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          data-autofocus={props.autoFocus || undefined}
          data-testid="email-input"
        />
        <button
          type="submit"
          className="latch-button latch-button--primary latch-email__submit"
          disabled={props.busy || props.value.trim() === ''}
          aria-busy={props.busy || undefined}
          onPointerEnter={props.onIntent}
          data-testid="email-continue"
        >
          {t('email.continue')}
        </button>
      </div>
      {props.error ? (
        <p className="latch-email__error" id={`${id}-error`} role="alert" data-testid="email-error">
          {props.error}
        </p>
      ) : null}
    </form>
  )
}
