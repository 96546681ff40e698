import { QrCode } from '../connect/QrCode.tsx'
import { useMessages } from '../hooks/useMessages.ts'
import { NetworkIcon } from '../networks/NetworkIcon.tsx'

export type ReceiveViewProps = {
  address: string
  /** The networks the address receives on (the configured ones). */
  networks: readonly { id: number; name: string }[]
  onCopy(): void
  /** The address was just copied. */
  copied: boolean
}

/**
 * Receive: the account's address as a QR code and as text with a copy button, and the
 * networks it is valid on. Props in, callbacks out.
 */
export function ReceiveView(props: ReceiveViewProps) {
  const { t } = useMessages()
  const half = Math.ceil(props.address.length / 2)
  return (
    <div className="latch-receive" data-testid="receive-view">
      <div className="latch-qr latch-receive__qr" data-testid="receive-qr">
        <QrCode value={props.address} label={t('receive.qrLabel')} />
      </div>
      <p className="latch-receive__address" data-testid="receive-address" dir="ltr">
        {/* Too long for one line on a phone: it breaks into two even halves, never mid-half. */}
        <span>{props.address.slice(0, half)}</span>
        <wbr />
        <span>{props.address.slice(half)}</span>
      </p>
      <button
        type="button"
        className="latch-button latch-button--secondary latch-receive__copy"
        data-testid="receive-copy"
        data-autofocus
        onClick={props.onCopy}
      >
        <svg className="latch-button__icon" viewBox="0 0 24 24" aria-hidden="true">
          {props.copied ? (
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          ) : (
            <>
              <rect x="8.5" y="8.5" width="11" height="11" rx="2.5" />
              <path d="M15.5 8.5V6.5A2 2 0 0 0 13.5 4.5h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
            </>
          )}
        </svg>
        {t('account.copyAddress')}
      </button>
      <p className="latch-receive__copied" role="status" data-testid="receive-copied">
        {props.copied ? t('account.addressCopied') : ''}
      </p>
      <section className="latch-receive__networks">
        <h3 className="latch-receive__networks-title">{t('receive.networks')}</h3>
        <ul className="latch-receive__network-list" data-testid="receive-networks">
          {props.networks.map((network) => (
            <li key={network.id} className="latch-receive__network" data-testid="receive-network">
              <NetworkIcon chainId={network.id} size={18} />
              {network.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
