import { useMessages } from '../hooks/useMessages.ts'

/** A session as the list shows it. */
export type SessionRowView = {
  id: string
  /** The host the session was signed in on. */
  domain: string
  /** "Signed in 5 min ago". */
  signedIn: string
  /** "Expires Nov 22, 2026, 12:00 PM". */
  expires: string
  /** The session this browser is signed in with. */
  current: boolean
  /** Accessible name of its Revoke button. */
  revokeLabel: string
}

export type SessionsViewProps = {
  state:
    | { status: 'pending' }
    | { status: 'error'; message: string; onRetry(): void }
    | { status: 'success'; sessions: readonly SessionRowView[] }
  /** The session being revoked (its wallet signature is awaited). */
  revokingId?: string | undefined
  /** Why the last revocation failed. */
  error?: string | undefined
  onRevoke(id: string): void
}

/** The account's sign-in sessions, each with a Revoke button; this browser's is marked. */
export function SessionsView(props: SessionsViewProps) {
  const { t } = useMessages()
  const { state } = props
  return (
    <div className="latch-sessions" data-testid="sessions-view">
      <p className="latch-sessions__intro">{t('sessions.intro')}</p>
      {props.error ? (
        <p className="latch-signin__alert" role="alert">
          {props.error}
        </p>
      ) : null}
      {state.status === 'pending' ? (
        <div className="latch-sessions__message" aria-busy="true">
          <span className="latch-spinner" aria-hidden="true" />
          <span role="status">{t('modal.loading')}</span>
        </div>
      ) : state.status === 'error' ? (
        <div className="latch-sessions__message">
          <p className="latch-signin__alert" role="alert">
            {state.message}
          </p>
          <button
            type="button"
            className="latch-button latch-button--secondary"
            onClick={state.onRetry}
          >
            {t('account.retry')}
          </button>
        </div>
      ) : state.sessions.length === 0 ? (
        <p className="latch-sessions__message">{t('sessions.empty')}</p>
      ) : (
        <ul className="latch-sessions__list" aria-label={t('sessions.listLabel')}>
          {state.sessions.map((session) => {
            const revoking = props.revokingId === session.id
            return (
              <li
                key={session.id}
                className="latch-session"
                data-testid="session-row"
                data-current={session.current || undefined}
              >
                <div className="latch-session__body">
                  <p className="latch-session__domain">
                    <span dir="ltr">{session.domain}</span>
                    {session.current ? (
                      <span className="latch-session__tag">{t('sessions.current')}</span>
                    ) : null}
                  </p>
                  <p className="latch-session__meta">{session.signedIn}</p>
                  <p className="latch-session__meta">{session.expires}</p>
                </div>
                <button
                  type="button"
                  className="latch-button latch-button--secondary latch-session__revoke"
                  onClick={() => props.onRevoke(session.id)}
                  disabled={props.revokingId !== undefined}
                  aria-busy={revoking || undefined}
                  aria-label={session.revokeLabel}
                  data-testid="session-revoke"
                >
                  {revoking ? t('networks.approveInWallet') : t('sessions.revoke')}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
