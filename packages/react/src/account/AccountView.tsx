import { useId } from 'react'
import { Alert } from '../alerts/Alert.tsx'
import { useMessages } from '../hooks/useMessages.ts'
import { NetworkIcon } from '../networks/NetworkIcon.tsx'
import { shortenAddress } from './shortenAddress.ts'
import '../styles/latch.css'
import './account.css'

export type AccountBalance =
  | { status: 'pending' }
  | { status: 'success'; amount: string; symbol: string }
  | { status: 'error'; message: string }

export type AccountViewProps = {
  address: string
  /** The account's name, when it has one. */
  name?: string | undefined
  networkName: string
  /** Colours the network's icon. */
  chainId?: number | undefined
  balance: AccountBalance
  walletName?: string | undefined
  walletIcon?: string | undefined
  /** An alert above the actions (e.g. the API refused the app: Invalid App Configuration). */
  alert?: { title: string; text: string } | undefined
  onDisconnect(): void
  /** Opens the Networks view; the network row is a plain fact without it. */
  onOpenNetworks?: (() => void) | undefined
  onCopyAddress?: (() => void) | undefined
  /** The address was just copied ("Address copied." is announced). */
  copied?: boolean | undefined
  /** Set once a failed balance may be fetched again (30 s after the failure). */
  onRetryBalance?: (() => void) | undefined
  disconnecting?: boolean | undefined
}

/** A deterministic two-colour gradient from the address, so each account is recognisable. */
function avatarStyle(address: string) {
  const hue = (offset: number) => Number.parseInt(address.slice(2 + offset, 6 + offset), 16) % 360
  return {
    background: `linear-gradient(135deg, hsl(${hue(0)} 80% 60%), hsl(${hue(8)} 75% 45%))`,
  }
}

/** The connected account: address (copyable), network (switchable), native balance, Disconnect. */
export function AccountView(props: AccountViewProps) {
  const titleId = useId()
  const { t } = useMessages()
  const { balance } = props
  const network = (
    <>
      {props.chainId !== undefined ? (
        <NetworkIcon chainId={props.chainId} size={18} />
      ) : (
        <span className="latch-account__dot" aria-hidden="true" />
      )}
      <span className="latch-account__network-name">{props.networkName}</span>
    </>
  )
  return (
    <section className="latch-account" aria-labelledby={titleId}>
      <div className="latch-account__identity">
        <span
          className="latch-account__avatar"
          style={avatarStyle(props.address)}
          aria-hidden="true"
        >
          {props.walletIcon ? <img src={props.walletIcon} alt="" width={20} height={20} /> : null}
        </span>
        <div className="latch-account__who">
          <h2 id={titleId} className="latch-account__title">
            {props.walletName
              ? t('account.connectedWith', { wallet: props.walletName })
              : t('account.connected')}
          </h2>
          {props.name ? <p className="latch-account__name">{props.name}</p> : null}
          <div className="latch-account__address-row">
            <p
              className="latch-account__address"
              data-testid="account-address"
              title={props.address}
              dir="ltr"
            >
              <span aria-hidden="true">{shortenAddress(props.address)}</span>
              <span className="latch-visually-hidden">{props.address}</span>
            </p>
            {props.onCopyAddress ? (
              <button
                type="button"
                className="latch-icon-button latch-account__copy"
                onClick={props.onCopyAddress}
                aria-label={t('account.copyAddress')}
                title={t('account.copyAddress')}
                data-testid="account-copy-address"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  {props.copied ? (
                    <path d="M5 12.5l4.5 4.5L19 7.5" />
                  ) : (
                    <>
                      <rect x="8.5" y="8.5" width="11" height="11" rx="2.5" />
                      <path d="M15.5 8.5V6.5A2 2 0 0 0 13.5 4.5h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
                    </>
                  )}
                </svg>
              </button>
            ) : null}
          </div>
          <p className="latch-account__copied" role="status">
            {props.copied ? t('account.addressCopied') : ''}
          </p>
        </div>
      </div>

      <dl className="latch-account__facts">
        <div className="latch-account__fact">
          <dt>{t('account.balance')}</dt>
          <dd data-testid="account-balance" aria-busy={balance.status === 'pending'}>
            {balance.status === 'success' ? (
              <span className="latch-account__amount" dir="ltr">
                {balance.amount} <span className="latch-account__symbol">{balance.symbol}</span>
              </span>
            ) : balance.status === 'error' ? (
              <span className="latch-account__balance-error">
                {balance.message}
                {props.onRetryBalance ? (
                  <button type="button" className="latch-link" onClick={props.onRetryBalance}>
                    {t('account.retry')}
                  </button>
                ) : null}
              </span>
            ) : (
              <span className="latch-skeleton">{t('account.balanceLoading')}</span>
            )}
          </dd>
        </div>
        <div className="latch-account__fact">
          <dt>{t('account.network')}</dt>
          <dd>
            {props.onOpenNetworks ? (
              <button
                type="button"
                className="latch-account__network"
                data-testid="account-network"
                onClick={props.onOpenNetworks}
              >
                {network}
                <span className="latch-visually-hidden">, {t('account.switchNetwork')}</span>
                <svg className="latch-account__chevron" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M9 6l6 6-6 6" />
                </svg>
              </button>
            ) : (
              <span className="latch-account__network" data-testid="account-network">
                {network}
              </span>
            )}
          </dd>
        </div>
      </dl>

      {props.alert ? <Alert title={props.alert.title} text={props.alert.text} /> : null}

      <button
        type="button"
        className="latch-button latch-button--secondary latch-account__disconnect"
        onClick={props.onDisconnect}
        disabled={props.disconnecting}
        aria-busy={props.disconnecting || undefined}
      >
        {t('account.disconnect')}
      </button>
    </section>
  )
}
