import { Alert } from '../alerts/Alert.tsx'
import { useMessages } from '../hooks/useMessages.ts'

export type SignInRequiredViewProps = {
  /** Opens the sign-in view; absent while there is an error to retry instead. */
  onSignIn?: (() => void) | undefined
  /** Why the sign-in could not be checked. */
  error?: string | undefined
  onRetry?: (() => void) | undefined
  /** A spec alert above the view, e.g. Session Expired when the kept session ran out. */
  alert?: { title: string; text: string } | undefined
}

/** In place of the account while the connected wallet has not signed in. */
export function SignInRequiredView(props: SignInRequiredViewProps) {
  const { t } = useMessages()
  return (
    <section className="latch-signin-required" data-testid="sign-in-required">
      {props.alert ? <Alert title={props.alert.title} text={props.alert.text} /> : null}
      <ShieldIcon />
      <h2 className="latch-signin-required__title">{t('signIn.required')}</h2>
      <p className="latch-signin-required__text">{t('signIn.requiredText')}</p>
      {props.error ? (
        <>
          <p className="latch-signin__alert" role="alert">
            {props.error}
          </p>
          <button
            type="button"
            className="latch-button latch-button--primary"
            onClick={props.onRetry}
          >
            {t('connecting.tryAgain')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="latch-button latch-button--primary"
          onClick={props.onSignIn}
        >
          {t('signIn.signIn')}
        </button>
      )}
    </section>
  )
}

/** A shield with a check: signing in proves the account is yours. */
export function ShieldIcon() {
  return (
    <span className="latch-signin__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3l7 3v5.5c0 4.2-2.9 7.9-7 9-4.1-1.1-7-4.8-7-9V6z" />
        <path d="M9 12l2.2 2.2L15.5 10" />
      </svg>
    </span>
  )
}
