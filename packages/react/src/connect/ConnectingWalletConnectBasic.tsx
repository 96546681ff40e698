import '../i18n/laterMessages.ts'
import { useMessages } from '../hooks/useMessages.ts'
import type { AttemptState } from './getAttemptState.ts'
import { WalletConnectPairing } from './WalletConnectPairing.tsx'

export type ConnectingWalletConnectBasicProps = {
  uri: string | undefined
  state: AttemptState
  errorMessage: string | undefined
  onRetry(): void
  onCopy(uri: string): void
  copied: boolean
  /** "Don't have a wallet? Get one": hidden when undefined. */
  onGetWallet: (() => void) | undefined
}

/** The plain WalletConnect option: a QR code any WalletConnect wallet can scan, and "Copy link". */
export function ConnectingWalletConnectBasic(props: ConnectingWalletConnectBasicProps) {
  const { t } = useMessages()
  return (
    <div className="latch-wc-basic">
      <WalletConnectPairing
        uri={props.uri}
        state={props.state}
        errorMessage={props.errorMessage}
        title={t('walletConnect.scanTitle')}
        text={t('walletConnect.scanText')}
        onRetry={props.onRetry}
        onCopy={props.onCopy}
        copied={props.copied}
      />
      {props.onGetWallet ? (
        <p className="latch-wc-basic__get">
          {t('walletConnect.noWallet')}{' '}
          <button type="button" className="latch-link" onClick={props.onGetWallet}>
            {t('walletConnect.getWallet')}
          </button>
        </p>
      ) : null}
    </div>
  )
}
