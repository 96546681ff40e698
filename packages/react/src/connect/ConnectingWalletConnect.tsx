import '../i18n/laterMessages.ts'
import { useMessages } from '../hooks/useMessages.ts'
import type { WalletOpenLinks } from './deepLink.ts'
import type { AttemptState } from './getAttemptState.ts'
import { WalletConnectPairing } from './WalletConnectPairing.tsx'

export type ConnectingWalletConnectProps = {
  walletName: string
  walletIcon: string | undefined
  uri: string | undefined
  state: AttemptState
  errorMessage: string | undefined
  /** Phone-sized viewport: lead with "Open {wallet}" rather than the code. */
  isPhone: boolean
  /** Deep links built from the pairing URI (none until it exists). */
  links: WalletOpenLinks
  onRetry(): void
  onCopy(uri: string): void
  copied: boolean
}

/**
 * A chosen registry wallet through WalletConnect: the QR code with the wallet's icon in its
 * centre, "Open {wallet}" (its app: the mobile link on a phone, the desktop link on a
 * desktop) and "Open in browser" (its web app) when it has them, and "Copy link".
 */
export function ConnectingWalletConnect(props: ConnectingWalletConnectProps) {
  const { t } = useMessages()
  const wallet = props.walletName
  const actions =
    props.links.app || props.links.webapp ? (
      <>
        {props.links.app ? (
          <a className="latch-button latch-button--primary" href={props.links.app}>
            {t('walletConnect.open', { wallet })}
          </a>
        ) : null}
        {props.links.webapp ? (
          <a
            className="latch-button latch-button--secondary"
            href={props.links.webapp}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('walletConnect.openInBrowser')}
          </a>
        ) : null}
      </>
    ) : undefined
  return (
    <WalletConnectPairing
      uri={props.uri}
      state={props.state}
      errorMessage={props.errorMessage}
      logo={{ name: wallet, src: props.walletIcon }}
      title={
        props.isPhone && props.links.app
          ? t('connecting.continueIn', { wallet })
          : t('walletConnect.scanWith', { wallet })
      }
      text={
        props.isPhone && props.links.app
          ? t('walletConnect.openOnPhone', { wallet })
          : t('walletConnect.scanWithText', { wallet })
      }
      actions={actions}
      onRetry={props.onRetry}
      onCopy={props.onCopy}
      copied={props.copied}
    />
  )
}
