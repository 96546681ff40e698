import { useMessages } from '../hooks/useMessages.ts'
import { AttemptOutcome } from './AttemptOutcome.tsx'
import type { AttemptState } from './getAttemptState.ts'
import { WalletIcon } from './WalletIcon.tsx'

export type ConnectingExternalProps = {
  walletName: string
  walletIcon: string | undefined
  state: AttemptState
  /** The error's text when `state` is error. */
  errorMessage: string | undefined
  onRetry(): void
}

/**
 * Waiting for a browser wallet: "Continue in {wallet}", then the outcome with "Try again". A
 * refusal in the wallet is not a failure: it returns here, idle, with its message.
 */
export function ConnectingExternal(props: ConnectingExternalProps) {
  const { t } = useMessages()
  const { state } = props
  const pending = state.status === 'pending'
  return (
    <div className="latch-connecting">
      <div className={`latch-connecting__logo${pending ? ' is-pending' : ' is-error'}`}>
        <WalletIcon name={props.walletName} src={props.walletIcon} size={64} />
      </div>
      <h3 className="latch-connecting__title">
        {pending
          ? t('connecting.continueIn', { wallet: props.walletName })
          : state.status === 'declined'
            ? t('connecting.declinedTitle')
            : t('connecting.failedTitle')}
      </h3>
      {pending ? (
        <p className="latch-connecting__text">{t('connecting.acceptRequest')}</p>
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
