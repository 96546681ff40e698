import { findAuthConnector, openSocialPopup, type SocialProvider } from '@latch/core'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { getSocialProviders } from './getSocialProviders.ts'
import { returnToConnect } from './returnToConnect.ts'
import { loadSocialViews } from './socialRoutes.ts'

export type UseSocialSignInReturnType = {
  /** The app's `options.socials` that the auth backend offers, in the app's order. */
  providers: SocialProvider[]
  /** The last attempt's failure, in the person's language. */
  error: string | undefined
  /** Starts a sign-in: call in the click (the popup must open there). */
  start(provider: SocialProvider): void
  /** Loads the embedded wallet's frame and the social views ahead of a click. */
  preload(): void
}

/**
 * The Connect view's social method: which buttons, the last failure, and the click. An OAuth
 * provider opens the popup at once (in the click: a popup opened later is blocked; null
 * means the page will redirect), shows ConnectingSocial and runs core's `connectSocial`;
 * Farcaster shows ConnectingFarcaster and runs `connectFarcaster`. Cancelled or failed: back
 * to Connect (the failure shows there); connected: the connect flow closes the modal.
 */
export function useSocialSignIn(): UseSocialSignInReturnType {
  const config = useConfig()
  const { router } = useConnectModal()
  const { t } = useMessages()
  const { socialSignIn } = useLatchState()
  const connector = findAuthConnector(config)
  const providers = getSocialProviders(config.options, connector?.embedded.socials ?? [])
  const failure = socialSignIn?.status === 'error' ? socialSignIn.error : undefined
  const end = () => returnToConnect(router)
  return {
    providers,
    error: failure ? getErrorMessage(failure, t) : undefined,
    preload() {
      void connector?.embedded.preload().catch(() => {})
      void loadSocialViews().catch(() => {})
    },
    start(provider) {
      // One at a time: a second click while one runs (a double click) starts nothing.
      const running = config.getState().socialSignIn
      if (running && running.status !== 'error') return
      if (provider === 'farcaster') {
        router.push({ view: 'ConnectingFarcaster', socialProvider: provider })
        void loadSocialViews()
          .then((views) => views.connectFarcaster(config))
          .then((outcome) => outcome.status === 'cancelled' && end(), end)
        return
      }
      const popup = openSocialPopup()
      router.push({ view: 'ConnectingSocial', socialProvider: provider })
      void loadSocialViews().then(
        (views) =>
          views
            .connectSocial(config, { provider, popup })
            .then((outcome) => outcome.status === 'cancelled' && end(), end),
        () => {
          // The chunk did not load: nothing started.
          popup?.close()
          end()
        },
      )
    },
  }
}
