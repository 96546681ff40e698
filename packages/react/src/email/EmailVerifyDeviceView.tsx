import { Alert } from '../alerts/Alert.tsx'
import { useMessages } from '../hooks/useMessages.ts'

export type EmailVerifyDeviceViewProps = {
  email: string
  busy: boolean
  /** Continue was pressed before the link was followed. */
  stillWaiting: boolean
  error: string | undefined
  alert: { title: string; text: string } | undefined
  onContinue(): void
}

/** "Approve this device": where the link went, and Continue once it was followed. */
export function EmailVerifyDeviceView(props: EmailVerifyDeviceViewProps) {
  const { t } = useMessages()
  return (
    <div className="latch-email-step">
      <span className="latch-email-step__icon">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <rect x="6.5" y="3.5" width="11" height="17" rx="2.5" />
          <path d="M10.5 17.5h3" />
        </svg>
      </span>
      <p className="latch-email-step__text" data-testid="email-step-text">
        {t('emailDevice.text', { email: props.email })}
      </p>
      {props.alert ? <Alert title={props.alert.title} text={props.alert.text} /> : null}
      {props.error ? (
        <p className="latch-email__error" role="alert" data-testid="email-error">
          {props.error}
        </p>
      ) : null}
      <p className="latch-email-step__status" role="status">
        {props.stillWaiting && !props.busy ? t('emailDevice.text', { email: props.email }) : ''}
      </p>
      <button
        type="button"
        className="latch-button latch-button--primary latch-email-step__action"
        // aria-disabled, not disabled, while busy: a disabled button drops the keyboard focus
        // to the page (and an answer like 'Please try again after …' is read from nowhere).
        onClick={() => {
          if (!props.busy) props.onContinue()
        }}
        aria-disabled={props.busy || undefined}
        aria-busy={props.busy || undefined}
        data-autofocus
        data-testid="email-device-continue"
      >
        {t('email.continue')}
      </button>
    </div>
  )
}
