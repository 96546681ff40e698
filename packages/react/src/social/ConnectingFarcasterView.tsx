import { lazy, Suspense } from 'react'
import { useMessages } from '../hooks/useMessages.ts'

const QrCode = lazy(() =>
  import('../connect/QrCode.tsx').then((module) => ({ default: module.QrCode })),
)

export type ConnectingFarcasterViewProps = {
  /** The relay channel's URL, once the frame opened it. */
  url: string | undefined
  /** pending: waiting for the Farcaster client; connecting: the wallet is being opened. */
  status: 'pending' | 'connecting'
  onCopy(url: string): void
  copied: boolean
}

/**
 * Sign In With Farcaster (spec view ConnectingFarcaster): the channel's URL as a QR code for
 * a phone's Farcaster app, "Copy link", "Open Farcaster" (the same URL: on a phone it opens the
 * app), and the wait. Back (the modal's header) gives it up.
 */
export function ConnectingFarcasterView(props: ConnectingFarcasterViewProps) {
  const { t } = useMessages()
  const { url } = props
  const preparing = (
    <div className="latch-qr__placeholder">
      <span className="latch-spinner" aria-hidden="true" />
      {t('farcaster.preparing')}
    </div>
  )
  return (
    <div className="latch-wc latch-farcaster" data-testid="connecting-farcaster">
      <p className="latch-connecting__text">{t('farcaster.scan')}</p>
      <div className="latch-qr" data-testid="farcaster-qr" data-farcaster-url={url}>
        {url ? (
          <Suspense fallback={preparing}>
            <QrCode value={url} label={t('farcaster.qrLabel')} />
          </Suspense>
        ) : (
          preparing
        )}
      </div>
      <div className="latch-farcaster__actions">
        <button
          type="button"
          className="latch-button latch-button--secondary"
          onClick={() => url && props.onCopy(url)}
          disabled={!url}
        >
          {t('farcaster.copyLink')}
        </button>
        {url ? (
          <a
            className="latch-button latch-button--primary"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="farcaster-open"
          >
            {t('farcaster.open')}
          </a>
        ) : null}
      </div>
      <p className="latch-wc__copied" aria-live="polite">
        {props.copied ? t('farcaster.copied') : ''}
      </p>
      <p className="latch-farcaster__status" role="status">
        {url ? (
          <>
            <span className="latch-spinner" aria-hidden="true" />
            {props.status === 'connecting' ? t('social.opening') : t('farcaster.waiting')}
          </>
        ) : null}
      </p>
    </div>
  )
}
