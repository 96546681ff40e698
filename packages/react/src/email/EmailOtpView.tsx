import { Alert } from '../alerts/Alert.tsx'
import { useMessages } from '../hooks/useMessages.ts'
import { OtpInput } from './OtpInput.tsx'
import type { UseOtpStepReturnType } from './useOtpStep.ts'

export type EmailOtpViewProps = UseOtpStepReturnType & {
  /** "Enter the 6-digit code we sent to {email}." */
  text: string
}

/** A code step: where the code went, the code field, its error or alert, and "Resend code". */
export function EmailOtpView(props: EmailOtpViewProps) {
  const { t } = useMessages()
  const { resend } = props
  return (
    <div className="latch-email-step" aria-busy={props.busy || undefined}>
      <span className="latch-email-step__icon">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <rect x="3.5" y="5.5" width="17" height="13" rx="2.5" />
          <path d="M4.5 7.5l7.5 5.5 7.5-5.5" />
        </svg>
      </span>
      <p className="latch-email-step__text" data-testid="email-step-text">
        {props.text}
      </p>
      {props.alert ? <Alert title={props.alert.title} text={props.alert.text} /> : null}
      <OtpInput
        value={props.value}
        onChange={props.setValue}
        onComplete={props.complete}
        disabled={props.busy}
        error={props.error}
      />
      <p className="latch-email-step__status" role="status">
        {props.busy ? t('emailOtp.checking') : resend?.resent ? t('emailOtp.resent') : ''}
      </p>
      {resend ? (
        <button
          type="button"
          className="latch-link latch-email-step__resend"
          onClick={resend.onResend}
          disabled={resend.secondsLeft > 0 || resend.sending}
          aria-busy={resend.sending || undefined}
          data-testid="otp-resend"
        >
          {resend.secondsLeft > 0
            ? t('emailOtp.resendIn', { seconds: resend.secondsLeft })
            : t('emailOtp.resend')}
        </button>
      ) : null}
    </div>
  )
}
