import { WalletIcon } from '../connect/WalletIcon.tsx'
import { useMessages } from '../hooks/useMessages.ts'
import { ShieldIcon } from './SignInRequiredView.tsx'

export type SignInViewProps = {
  appName: string
  /** 'preparing' until the message is built; 'signing' while the wallet is asked. */
  status: 'preparing' | 'ready' | 'signing'
  /** The EIP-4361 message, shown before the wallet is asked. */
  message: string | undefined
  walletName?: string | undefined
  /**
   * ConnectingSiwe (connect and sign in as one step): the app's icon beside the wallet's,
   * "{appName} needs to connect to your wallet", and Sign / Cancel. Undefined: the
   * SIWXSignMessage view (an existing connection signs in).
   */
  connecting?: { appIcon: string | undefined; walletIcon: string | undefined } | undefined
  onSignIn(): void
  onCancel(): void
}

/**
 * ConnectingSiwe / SIWXSignMessage: what the wallet will be asked to sign (the whole EIP-4361
 * message), then "Sign in" ("Sign" in ConnectingSiwe; asks the wallet) or "Cancel"
 * (disconnects). ConnectingSiwe also shows the app's name and icon beside the wallet's.
 */
export function SignInView(props: SignInViewProps) {
  const { t } = useMessages()
  const signing = props.status === 'signing'
  const { connecting } = props
  return (
    <div
      className="latch-signin"
      data-testid="sign-in-view"
      data-view={connecting ? 'ConnectingSiwe' : 'SIWXSignMessage'}
      data-status={props.status}
    >
      {connecting ? (
        <div className="latch-signin__identities" data-testid="sign-in-identities">
          <WalletIcon
            className="latch-signin__identity"
            name={props.appName}
            src={connecting.appIcon}
            size={56}
          />
          <WalletIcon
            className="latch-signin__identity"
            name={props.walletName ?? '?'}
            src={connecting.walletIcon}
            size={56}
          />
        </div>
      ) : (
        <ShieldIcon />
      )}
      <h3 className="latch-signin__title">
        {connecting
          ? t('connectingSiwe.heading', { appName: props.appName })
          : t('signIn.heading', { appName: props.appName })}
      </h3>
      <p className="latch-signin__text">
        {connecting ? t('connectingSiwe.text') : t('signIn.text')}
      </p>
      <p className="latch-signin__label" aria-hidden="true">
        {t('signIn.messageLabel')}
      </p>
      {props.message ? (
        <section
          className="latch-signin__message"
          aria-label={t('signIn.messageLabel')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          data-testid="sign-in-message"
        >
          <pre className="latch-signin__message-text" dir="ltr">
            {props.message}
          </pre>
        </section>
      ) : (
        <div className="latch-signin__message latch-signin__message--pending" aria-busy="true">
          <span className="latch-spinner" aria-hidden="true" />
          <span role="status">{t('signIn.preparing')}</span>
        </div>
      )}
      <p className="latch-visually-hidden" role="status">
        {signing
          ? props.walletName
            ? t('connecting.continueIn', { wallet: props.walletName })
            : t('networks.approveInWallet')
          : ''}
      </p>
      <div className="latch-signin__actions">
        <button
          type="button"
          className="latch-button latch-button--secondary"
          onClick={props.onCancel}
          data-testid="sign-in-cancel"
        >
          {t('signIn.cancel')}
        </button>
        <button
          type="button"
          className="latch-button latch-button--primary"
          onClick={props.onSignIn}
          disabled={props.status !== 'ready'}
          aria-busy={signing || undefined}
          data-autofocus
          data-testid="sign-in-submit"
        >
          {signing ? (
            <span className="latch-spinner latch-button__spinner" aria-hidden="true" />
          ) : null}
          {signing
            ? t('networks.approveInWallet')
            : connecting
              ? t('connectingSiwe.sign')
              : t('signIn.signIn')}
        </button>
      </div>
    </div>
  )
}
