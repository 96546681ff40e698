import { useId } from 'react'
import { useMessages } from '../hooks/useMessages.ts'

export type OtpInputProps = {
  value: string
  onChange(value: string): void
  /** Called once 6 digits are there (typed or pasted). */
  onComplete(otp: string): void
  disabled?: boolean | undefined
  error?: string | undefined
}

/** Keeps the digits of what was typed or pasted ("123 456", "Code: 123456"), at most 6. */
export function toOtpDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 6)
}

/**
 * The 6-digit code from the email: one field (so paste and the phone's one-time-code
 * autofill work), digits only, submitted by itself at the sixth digit.
 */
export function OtpInput(props: OtpInputProps) {
  const { t } = useMessages()
  const id = useId()
  return (
    <div className="latch-otp">
      <label className="latch-otp__label" htmlFor={id}>
        {t('emailOtp.codeLabel')}
      </label>
      <input
        id={id}
        className={`latch-otp__input${props.error ? ' is-invalid' : ''}`}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={12}
        dir="ltr"
        value={props.value}
        // Read-only while a code is checked (not disabled: the field keeps the focus, so a
        // wrong code can be typed again at once).
        readOnly={props.disabled}
        aria-busy={props.disabled || undefined}
        onChange={(event) => {
          const digits = toOtpDigits(event.target.value)
          props.onChange(digits)
          if (digits.length === 6 && digits !== props.value) props.onComplete(digits)
        }}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        data-autofocus
        data-testid="otp-input"
      />
      {props.error ? (
        <p className="latch-email__error" id={`${id}-error`} role="alert" data-testid="otp-error">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
