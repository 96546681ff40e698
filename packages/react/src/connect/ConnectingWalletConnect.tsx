import { QrCode } from './QrCode.tsx'

export type ConnectingWalletConnectProps = {
  /** The pairing URI once the relay has it. */
  uri: string | undefined
  state: { status: 'pending' } | { status: 'error'; message: string; declined: boolean }
  onRetry(): void
  onCopy(uri: string): void
  copied: boolean
}

/** WalletConnect: the pairing URI as a QR code to scan, a Copy link button, the outcome. */
export function ConnectingWalletConnect(props: ConnectingWalletConnectProps) {
  const { state, uri } = props
  return (
    <div className="latch-wc">
      <h3 className="latch-connecting__title">Scan with your phone</h3>
      <p className="latch-connecting__text">
        Open a wallet app that supports WalletConnect and scan this code.
      </p>
      <div className="latch-qr" data-testid="wc-qr" data-wc-uri={uri}>
        {uri && state.status === 'pending' ? (
          <QrCode value={uri} label="WalletConnect QR code" />
        ) : state.status === 'pending' ? (
          <div className="latch-qr__placeholder" role="status">
            <span className="latch-spinner" aria-hidden="true" />
            Preparing QR code…
          </div>
        ) : (
          <div className="latch-qr__placeholder latch-qr__placeholder--error" aria-hidden="true">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 8v5M12 16.5v.01" />
              <circle cx="12" cy="12" r="9" />
            </svg>
          </div>
        )}
      </div>
      {state.status === 'error' ? (
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
      ) : (
        <>
          <button
            type="button"
            className="latch-button latch-button--secondary"
            onClick={() => uri && props.onCopy(uri)}
            disabled={!uri}
          >
            Copy link
          </button>
          <p className="latch-wc__copied" aria-live="polite">
            {props.copied ? 'Link copied.' : ''}
          </p>
        </>
      )}
    </div>
  )
}
