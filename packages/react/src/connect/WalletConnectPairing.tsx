import { lazy, type ReactNode, Suspense } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import { AttemptOutcome } from './AttemptOutcome.tsx'
import type { AttemptState } from './getAttemptState.ts'

/**
 * The QR code's encoder loads with the pairing URI, not with the modal: the WalletConnect SDK
 * must load first anyway (hundreds of KB), so the code's few KB are never waited for.
 */
const QrCode = lazy(() => import('./QrCode.tsx').then((module) => ({ default: module.QrCode })))

export type WalletConnectPairingProps = {
  /** The pairing URI once the relay has it. */
  uri: string | undefined
  state: AttemptState
  /** The error's text when `state` is error. */
  errorMessage: string | undefined
  /** The chosen wallet, its icon drawn in the centre of the code. */
  logo?: { name: string; src: string | undefined } | undefined
  /** Heading and hint above the code. */
  title: string
  text: string
  /** Shown above the code while pending (deep-link buttons on a phone). */
  actions?: ReactNode
  onRetry(): void
  onCopy(uri: string): void
  copied: boolean
}

/**
 * The WalletConnect pairing: the URI as a QR code, "Copy link" (announced when copied) and
 * the outcome. When the relay cannot be reached it says so, with a retry, instead of showing
 * a code that would never connect.
 */
export function WalletConnectPairing(props: WalletConnectPairingProps) {
  const { t } = useMessages()
  const { state, uri } = props

  if (state.status === 'relayUnavailable')
    return (
      <div className="latch-wc">
        <div className="latch-connecting__logo is-error latch-wc__relay-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 9.5a11.5 11.5 0 0 1 16 0M7.5 13a6.5 6.5 0 0 1 9 0M11 16.5a1.5 1.5 0 0 1 2 0M4 4l16 16" />
          </svg>
        </div>
        <h3 className="latch-connecting__title">{t('walletConnect.relayUnavailableTitle')}</h3>
        <p className="latch-connecting__alert" role="alert">
          {t('walletConnect.relayUnavailableText')}
        </p>
        <button
          type="button"
          className="latch-button latch-button--primary"
          onClick={props.onRetry}
        >
          {t('connecting.tryAgain')}
        </button>
      </div>
    )

  const pending = state.status === 'pending'
  return (
    <div className="latch-wc">
      <h3 className="latch-connecting__title">{props.title}</h3>
      <p className="latch-connecting__text">{props.text}</p>
      {pending && props.actions ? <div className="latch-wc__actions">{props.actions}</div> : null}
      <div className="latch-qr" data-testid="wc-qr" data-wc-uri={uri}>
        {uri && pending ? (
          <Suspense fallback={<Preparing text={t('walletConnect.preparing')} />}>
            <QrCode value={uri} label={t('walletConnect.qrLabel')} logo={props.logo} />
          </Suspense>
        ) : pending ? (
          <Preparing text={t('walletConnect.preparing')} />
        ) : (
          <div className="latch-qr__placeholder latch-qr__placeholder--error" aria-hidden="true">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 8v5M12 16.5v.01" />
              <circle cx="12" cy="12" r="9" />
            </svg>
          </div>
        )}
      </div>
      {pending ? (
        <>
          <button
            type="button"
            className="latch-button latch-button--secondary"
            onClick={() => uri && props.onCopy(uri)}
            disabled={!uri}
          >
            <svg className="latch-button__icon" viewBox="0 0 24 24" aria-hidden="true">
              <rect x="8" y="8" width="12" height="12" rx="2.5" />
              <path d="M16 8V6.5A2.5 2.5 0 0 0 13.5 4h-7A2.5 2.5 0 0 0 4 6.5v7A2.5 2.5 0 0 0 6.5 16H8" />
            </svg>
            {t('walletConnect.copyLink')}
          </button>
          <p className="latch-wc__copied" aria-live="polite">
            {props.copied ? t('walletConnect.linkCopied') : ''}
          </p>
        </>
      ) : (
        <AttemptOutcome
          message={
            state.status === 'declined'
              ? t('error.userRejected')
              : (props.errorMessage ?? t('connecting.incomplete'))
          }
          onRetry={props.onRetry}
        />
      )}
    </div>
  )
}

function Preparing(props: { text: string }) {
  return (
    <div className="latch-qr__placeholder">
      <span className="latch-spinner" aria-hidden="true" />
      {props.text}
    </div>
  )
}
