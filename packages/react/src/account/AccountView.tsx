import { type ReactNode, useId } from 'react'
import { Alert } from '../alerts/Alert.tsx'
import { useMessages } from '../hooks/useMessages.ts'
import { NetworkIcon } from '../networks/NetworkIcon.tsx'
import { AccountAvatar } from './AccountAvatar.tsx'
import { shortenAddress } from './shortenAddress.ts'

export type AccountBalance =
  | { status: 'pending' }
  | {
      status: 'success'
      /** The native coin's amount to 3 decimals, e.g. "10,000.000". */
      amount: string
      symbol: string
      /** The sum of every token's value in the chosen currency, e.g. "$29,998,530.50". */
      total?: string | undefined
      /** The currency's image beside the total (`/public/getCurrencyImage/{code}`). */
      currencyIconUrl?: string | undefined
    }
  | { status: 'error'; message: string }

/** A wallet feature's button (send, receive...), in the configured order. */
export type AccountFeatureButton = { id: string; label: string; onSelect(): void }

export type AccountViewProps = {
  address: string
  /** The account's name, when it has one. */
  name?: string | undefined
  /** The account's avatar image; a generated one otherwise. */
  avatarUrl?: string | undefined
  networkName: string
  /** Colours the network's icon. */
  chainId?: number | undefined
  balance: AccountBalance
  walletName?: string | undefined
  walletIcon?: string | undefined
  /** An alert above the tabs (e.g. the API refused the app: Invalid App Configuration). */
  alert?: { title: string; text: string } | undefined
  /** Only built, enabled features: the row is left out when there is none. */
  features?: readonly AccountFeatureButton[] | undefined
  onDisconnect(): void
  /** Opens the Networks view; the network is a plain fact without it. */
  onOpenNetworks?: (() => void) | undefined
  onCopyAddress?: (() => void) | undefined
  /** The address was just copied ("Address copied." is announced). */
  copied?: boolean | undefined
  disconnecting?: boolean | undefined
  /** Opens RegisterAccountName; offered while the account has no name. */
  onRegisterName?: (() => void) | undefined
  /** Saves the client's log buffer as a file for a bug report (account settings). */
  onDownloadLogs?: (() => void) | undefined
  /** Opens Sessions (the account's sign-ins), when the app signs in with the wallet. */
  onOpenSessions?: (() => void) | undefined
  /** Transactions sent and not settled yet: a pending badge in the header when above 0. */
  pendingCount?: number | undefined
  /**
   * The account's name is still being looked up: the line under the title (its address, or
   * "Register name") is held open so the panel does not shift under a click when it arrives.
   */
  identityPending?: boolean | undefined
  /**
   * The embedded wallet: the social username it signed in with (and the provider's name), or
   * its email; Update email (Add email for a social account without one), Export key and
   * Sign out (which replaces Disconnect).
   */
  embedded?:
    | {
        email: string | undefined
        /** The social sign-in: `{ username, provider }` ("ada · GitHub"). */
        social?: { username: string | undefined; provider: string } | undefined
        /** Undefined: no Update / Add email. */
        onUpdateEmail: (() => void) | undefined
        onExportKey(): void
        exporting?: boolean | undefined
      }
    | undefined
  /** The embedded wallet's account type (smart account or EOA, both addresses), under it. */
  accountType?: ReactNode
  /** The tabs (Tokens, NFTs, Activity). */
  children?: ReactNode
}

function Address(props: { address: string }) {
  return (
    <span
      className="latch-account__address"
      data-testid="account-address"
      title={props.address}
      dir="ltr"
    >
      <span aria-hidden="true">{shortenAddress(props.address)}</span>
      <span className="latch-visually-hidden">{props.address}</span>
    </span>
  )
}

/**
 * The connected account: avatar, name or address (copyable), wallet, network (switchable),
 * Disconnect, the total balance and the native coin, the wallet features, then the tabs.
 */
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
    <section className="latch-account" aria-labelledby={titleId} data-testid="account-view">
      <div className="latch-account__top">
        <AccountAvatar
          address={props.address}
          url={props.avatarUrl}
          walletIcon={props.walletIcon}
        />
        <div className="latch-account__who">
          <p className="latch-account__wallet">
            {props.walletName
              ? t('account.connectedWith', { wallet: props.walletName })
              : t('account.connected')}
            {props.pendingCount ? (
              <span
                className="latch-badge latch-badge--pending latch-account__pending"
                data-testid="account-pending-badge"
                role="status"
              >
                {t('account.pendingTransactions', { count: props.pendingCount })}
              </span>
            ) : null}
          </p>
          <h2 id={titleId} className="latch-account__title">
            {props.name ? (
              <span className="latch-account__name" title={props.name} dir="ltr">
                {props.name}
              </span>
            ) : (
              <Address address={props.address} />
            )}
          </h2>
          {props.name ? <Address address={props.address} /> : null}
          {!props.name && props.onRegisterName ? (
            <button
              type="button"
              className="latch-link latch-account__register-name"
              onClick={props.onRegisterName}
              data-testid="account-register-name"
            >
              {t('account.registerName')}
            </button>
          ) : null}
          {!props.name && !props.onRegisterName && props.identityPending ? (
            <span
              className="latch-account__register-name latch-account__line-placeholder"
              aria-hidden="true"
              data-testid="account-name-placeholder"
            >
              &nbsp;
            </span>
          ) : null}
        </div>
        <div className="latch-account__actions">
          {props.onCopyAddress ? (
            <button
              type="button"
              className="latch-icon-button latch-account__icon-button"
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
          {props.onOpenSessions ? (
            <button
              type="button"
              className="latch-icon-button latch-account__icon-button"
              onClick={props.onOpenSessions}
              aria-label={t('account.sessions')}
              title={t('account.sessions')}
              data-testid="account-sessions"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="8" cy="15" r="3.5" />
                <path d="M10.5 12.5L19 4m-3 3l2.5 2.5M13.5 9.5L16 12" />
              </svg>
            </button>
          ) : null}
          {props.onDownloadLogs ? (
            <button
              type="button"
              className="latch-icon-button latch-account__icon-button"
              onClick={props.onDownloadLogs}
              aria-label={t('account.downloadLogs')}
              title={t('account.downloadLogs')}
              data-testid="account-download-logs"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5" />
                <path d="M5 19.5h14" />
              </svg>
            </button>
          ) : null}
          <button
            type="button"
            className="latch-icon-button latch-account__icon-button"
            onClick={props.onDisconnect}
            disabled={props.disconnecting}
            aria-busy={props.disconnecting || undefined}
            aria-label={props.embedded ? t('account.signOut') : t('account.disconnect')}
            title={props.embedded ? t('account.signOut') : t('account.disconnect')}
            data-testid="account-disconnect"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 3.5v8" />
              <path d="M7 6.6a7.5 7.5 0 1 0 10 0" />
            </svg>
          </button>
        </div>
      </div>
      <p className="latch-account__copied" role="status">
        {props.copied ? t('account.addressCopied') : ''}
      </p>

      {props.embedded ? (
        <div className="latch-account__embedded" data-testid="account-embedded">
          {props.embedded.social ? (
            <p className="latch-account__email" data-testid="account-social" dir="ltr">
              {t('account.socialAccount', {
                name: props.embedded.social.username ?? props.embedded.email ?? '',
                provider: props.embedded.social.provider,
              })}
            </p>
          ) : props.embedded.email ? (
            <p className="latch-account__email" data-testid="account-email" dir="ltr">
              {props.embedded.email}
            </p>
          ) : null}
          {props.embedded.onUpdateEmail ? (
            <button
              type="button"
              className="latch-link"
              onClick={props.embedded.onUpdateEmail}
              data-testid="account-update-email"
            >
              {props.embedded.email ? t('account.updateEmail') : t('account.addEmail')}
            </button>
          ) : null}
          <button
            type="button"
            className="latch-link"
            // aria-disabled, not disabled, while the frame's export dialog is open: a disabled
            // button loses the focus, which then cannot come back to it when the dialog closes.
            onClick={() => {
              if (!props.embedded?.exporting) props.embedded?.onExportKey()
            }}
            aria-disabled={props.embedded.exporting || undefined}
            aria-busy={props.embedded.exporting || undefined}
            data-testid="account-export-key"
          >
            {t('account.exportKey')}
          </button>
          <button
            type="button"
            className="latch-link"
            onClick={props.onDisconnect}
            disabled={props.disconnecting}
            aria-busy={props.disconnecting || undefined}
            data-testid="account-sign-out"
          >
            {t('account.signOut')}
          </button>
        </div>
      ) : null}
      {props.accountType}

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

      <div className="latch-account__balance" aria-busy={balance.status === 'pending'}>
        <p className="latch-account__balance-label">{t('account.totalBalance')}</p>
        {balance.status === 'success' ? (
          <>
            {balance.total ? (
              <p className="latch-account__total" data-testid="account-total">
                {balance.currencyIconUrl ? (
                  <img
                    className="latch-account__currency"
                    src={balance.currencyIconUrl}
                    alt=""
                    aria-hidden="true"
                    width={24}
                    height={24}
                    data-testid="account-currency-icon"
                  />
                ) : null}
                <span dir="ltr">{balance.total}</span>
              </p>
            ) : null}
            <p
              className={balance.total ? 'latch-account__native' : 'latch-account__total'}
              data-testid="account-balance"
            >
              <span dir="ltr">
                {balance.amount} <span className="latch-account__symbol">{balance.symbol}</span>
              </span>
            </p>
          </>
        ) : balance.status === 'error' ? (
          <p className="latch-account__balance-error" data-testid="account-balance">
            {balance.message}
          </p>
        ) : (
          <>
            <span className="latch-shimmer latch-shimmer--total" aria-hidden="true" />
            <span className="latch-shimmer latch-shimmer--native" aria-hidden="true" />
            <span className="latch-visually-hidden" data-testid="account-balance">
              {t('account.balanceLoading')}
            </span>
          </>
        )}
      </div>

      {props.alert ? <Alert title={props.alert.title} text={props.alert.text} /> : null}

      {props.features?.length ? (
        <fieldset className="latch-account__features">
          <legend className="latch-visually-hidden">{t('account.walletFeatures')}</legend>
          {props.features.map((feature) => (
            <button
              key={feature.id}
              type="button"
              className="latch-button latch-button--secondary"
              onClick={feature.onSelect}
              data-testid={`account-feature-${feature.id}`}
            >
              {feature.label}
            </button>
          ))}
        </fieldset>
      ) : null}

      {props.children}
    </section>
  )
}
