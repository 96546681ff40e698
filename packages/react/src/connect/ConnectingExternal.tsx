export type ConnectingExternalProps = {
  walletName: string
  walletIcon: string
  /** Waiting for the wallet, or failed with a message. */
  state: { status: 'pending' } | { status: 'error'; message: string; declined: boolean }
  onRetry(): void
}

/** Waiting for a browser wallet: "Continue in {wallet}", then the outcome with Try again. */
export function ConnectingExternal(props: ConnectingExternalProps) {
  const { state } = props
  const pending = state.status === 'pending'
  return (
    <div className="latch-connecting">
      <div className={`latch-connecting__logo${pending ? ' is-pending' : ' is-error'}`}>
        {props.walletIcon ? (
          <img src={props.walletIcon} alt="" width={64} height={64} />
        ) : (
          <span aria-hidden="true">{props.walletName.slice(0, 1)}</span>
        )}
      </div>
      <h3 className="latch-connecting__title" aria-live="polite">
        {pending
          ? `Continue in ${props.walletName}`
          : state.declined
            ? 'Connection declined'
            : 'Connection failed'}
      </h3>
      {pending ? (
        <p className="latch-connecting__text">Accept the connection request in the wallet.</p>
      ) : (
        <>
          <p className="latch-connecting__alert" role="alert">
            {state.message}
          </p>
          <button
            type="button"
            className="latch-button latch-button--primary"
            onClick={props.onRetry}
          >
            Try again
          </button>
        </>
      )}
    </div>
  )
}
