import { QrCode } from '../connect/QrCode.tsx'
import { useMessages } from '../hooks/useMessages.ts'
import { NetworkIcon } from '../networks/NetworkIcon.tsx'

export type ReceiveViewProps = {
  address: string
  /** What the QR code holds (`solana:{address}`, `bitcoin:{address}`); default the address. */
  uri?: string | undefined
  /**
   * The networks the address receives on (the configured ones): an EVM chain id (drawn with
   * its icon) or a CAIP-2 id.
   */
  networks: readonly { id: number | string; name: string }[]
  /** Bitcoin: the wallet's addresses by type (payment, ordinals), the shown one selected. */
  addressTypes?: readonly { id: string; label: string; selected: boolean }[] | undefined
  onSelectAddressType?: ((id: string) => void) | undefined
  onCopy(): void
  /** The address was just copied. */
  copied: boolean
}

/**
 * Receive: the account's address as a QR code (in its chain's URI format) and as text with a
 * copy button, the address type when the wallet has several, and the networks it is valid on.
 * Props in, callbacks out.
 */
export function ReceiveView(props: ReceiveViewProps) {
  const { t } = useMessages()
  const half = Math.ceil(props.address.length / 2)
  return (
    <div className="latch-receive" data-testid="receive-view">
      {props.addressTypes ? (
        <fieldset className="latch-receive__types" data-testid="receive-address-types">
          {props.addressTypes.map((type) => (
            <button
              key={type.id}
              type="button"
              className="latch-button latch-button--secondary latch-receive__type"
              aria-pressed={type.selected}
              data-testid={`receive-type-${type.id}`}
              onClick={() => props.onSelectAddressType?.(type.id)}
            >
              {type.label}
            </button>
          ))}
        </fieldset>
      ) : null}
      <div
        className="latch-qr latch-receive__qr"
        data-testid="receive-qr"
        data-uri={props.uri ?? props.address}
      >
        <QrCode value={props.uri ?? props.address} label={t('receive.qrLabel')} />
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
              {typeof network.id === 'number' ? (
                <NetworkIcon chainId={network.id} size={18} />
              ) : null}
              {network.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
