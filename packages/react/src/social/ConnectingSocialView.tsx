import type { SocialProvider } from '@latch/core'
import { useMessages } from '../hooks/useMessages.ts'
import { SocialIcon } from './SocialIcon.tsx'
import { socialProviderNames } from './socialProviderNames.ts'

export type ConnectingSocialViewProps = {
  provider: SocialProvider
  /** pending: the person is at the provider; connecting: the wallet is being opened. */
  status: 'pending' | 'connecting'
  onCancel(): void
}

/**
 * While a social sign-in runs: the provider, a spinner, "Continue in the {Provider} window"
 * (or, once the provider answered, "Opening your wallet…") and Cancel, which closes the popup.
 */
export function ConnectingSocialView(props: ConnectingSocialViewProps) {
  const { t } = useMessages()
  const name = socialProviderNames[props.provider]
  const pending = props.status === 'pending'
  return (
    <div className="latch-connecting latch-social-pending" data-testid="connecting-social">
      {/* The ring around the logo spins while pending (connectModal.css). */}
      <div className="latch-connecting__logo is-pending">
        <SocialIcon provider={props.provider} size={40} />
      </div>
      <h3 className="latch-connecting__title" role="status">
        {pending ? t('social.continueInWindow', { provider: name }) : t('social.opening')}
      </h3>
      {pending ? <p className="latch-connecting__text">{t('social.windowHint')}</p> : null}
      <button
        type="button"
        className="latch-button latch-button--secondary"
        onClick={props.onCancel}
        data-autofocus
      >
        {t('social.cancel')}
      </button>
    </div>
  )
}
