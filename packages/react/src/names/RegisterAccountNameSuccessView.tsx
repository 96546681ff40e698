import { useMessages } from '../hooks/useMessages.ts'

export type RegisterAccountNameSuccessViewProps = {
  /** The registered name, e.g. "alice.latch.id". */
  name: string
  onDone(): void
}

/** RegisterAccountNameSuccess: the name is the account's now. */
export function RegisterAccountNameSuccessView(props: RegisterAccountNameSuccessViewProps) {
  const { t } = useMessages()
  return (
    <div className="latch-name latch-name--success" data-testid="register-name-success">
      <span className="latch-name__check" aria-hidden="true">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 12.5l4 4 8-9" />
        </svg>
      </span>
      <h3 className="latch-connecting__title">{t('names.successHeading', { name: props.name })}</h3>
      <p className="latch-connecting__text">{t('names.successText')}</p>
      <button
        type="button"
        className="latch-button latch-button--primary"
        onClick={props.onDone}
        data-autofocus
      >
        {t('names.done')}
      </button>
    </div>
  )
}
