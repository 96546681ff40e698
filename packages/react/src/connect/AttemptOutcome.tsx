import { useMessages } from '../hooks/useMessages.ts'

export type AttemptOutcomeProps = {
  /** What went wrong, read out at once (role alert). */
  message: string
  onRetry(): void
}

/** How an attempt ended: the message as an alert and a "Try again" button. */
export function AttemptOutcome(props: AttemptOutcomeProps) {
  const { t } = useMessages()
  return (
    <>
      <p className="latch-connecting__alert" role="alert">
        {props.message}
      </p>
      <button type="button" className="latch-button latch-button--primary" onClick={props.onRetry}>
        {t('connecting.tryAgain')}
      </button>
    </>
  )
}
