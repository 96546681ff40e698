import { useId } from 'react'
import { shortenAddress } from './shortenAddress.ts'
import '../styles/latch.css'
import './account.css'

export type AccountBalance =
  | { status: 'pending' }
  | { status: 'success'; amount: string; symbol: string }
  | { status: 'error'; message: string }

export type AccountViewProps = {
  address: string
  networkName: string
  balance: AccountBalance
  walletName?: string | undefined
  walletIcon?: string | undefined
  onDisconnect(): void
  onRetryBalance?: (() => void) | undefined
  disconnecting?: boolean | undefined
  /** Shown under the actions, e.g. "Failed to disconnect". */
  error?: string | undefined
}

/** A deterministic two-colour gradient from the address, so each account is recognisable. */
function avatarStyle(address: string) {
  const hue = (offset: number) => Number.parseInt(address.slice(2 + offset, 6 + offset), 16) % 360
  return {
    background: `linear-gradient(135deg, hsl(${hue(0)} 80% 60%), hsl(${hue(8)} 75% 45%))`,
  }
}

/** The connected account: address, network, native balance and a Disconnect button. */
export function AccountView(props: AccountViewProps) {
  const titleId = useId()
  const { balance } = props
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
            {props.walletName ? `Connected with ${props.walletName}` : 'Connected'}
          </h2>
          <p className="latch-account__address" data-testid="account-address" title={props.address}>
            <span aria-hidden="true">{shortenAddress(props.address)}</span>
            <span className="latch-visually-hidden">{props.address}</span>
          </p>
        </div>
      </div>

      <dl className="latch-account__facts">
        <div className="latch-account__fact">
          <dt>Balance</dt>
          <dd data-testid="account-balance" aria-busy={balance.status === 'pending'}>
            {balance.status === 'success' ? (
              <span className="latch-account__amount">
                {balance.amount} <span className="latch-account__symbol">{balance.symbol}</span>
              </span>
            ) : balance.status === 'error' ? (
              <span className="latch-account__balance-error">
                {balance.message}
                {props.onRetryBalance ? (
                  <button type="button" className="latch-link" onClick={props.onRetryBalance}>
                    Retry
                  </button>
                ) : null}
              </span>
            ) : (
              <span className="latch-skeleton">Loading balance…</span>
            )}
          </dd>
        </div>
        <div className="latch-account__fact">
          <dt>Network</dt>
          <dd data-testid="account-network">
            <span className="latch-account__dot" aria-hidden="true" />
            {props.networkName}
          </dd>
        </div>
      </dl>

      <button
        type="button"
        className="latch-button latch-button--secondary latch-account__disconnect"
        onClick={props.onDisconnect}
        disabled={props.disconnecting}
      >
        Disconnect
      </button>
      {props.error ? (
        <p className="latch-account__error" role="alert">
          {props.error}
        </p>
      ) : null}
    </section>
  )
}
