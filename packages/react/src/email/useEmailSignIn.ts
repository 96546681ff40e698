import type { ModalRoute } from '@latch/core'
import { useState } from 'react'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { emailVerifyDeviceRoute, emailVerifyOtpRoute, loadEmailViews } from './emailRoutes.ts'

export type UseEmailSignInReturnType = {
  email: string
  setEmail(email: string): void
  submit(): void
  /** Loads the embedded wallet's chunk and frame, and the next views, ahead of Continue. */
  preload(): void
  busy: boolean
  error: string | undefined
  /** An alert-worthy failure (the frame did not load or answer). */
  alert: { title: string; text: string } | undefined
}

/**
 * The Connect view's email method: the email (prefilled from the last sign-in), Continue
 * sends the code through the embedded wallet (`connectEmail`), then `onNext` opens
 * EmailVerifyOtp or EmailVerifyDevice.
 */
/** The views after Continue, loaded (and so rendered without a placeholder) ahead of it. */
function loadNextViews() {
  return Promise.all([emailVerifyOtpRoute.preload(), emailVerifyDeviceRoute.preload()])
}

export function useEmailSignIn(onNext: (route: ModalRoute) => void): UseEmailSignInReturnType {
  const config = useConfig()
  const { t } = useMessages()
  const [email, setEmail] = useState(() => config.storage.getEmail() ?? '')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const [preloaded, setPreloaded] = useState(false)
  const preload = () => {
    if (preloaded) return
    setPreloaded(true)
    // The embedded wallet's chunk and frame, and the next views' chunk, ahead of Continue.
    for (const connector of config.getState().connectors)
      void connector.embedded?.preload().catch(() => {})
    void loadNextViews().catch(() => {})
  }
  const submit = () => {
    preload()
    setBusy(true)
    setFailure(undefined)
    loadEmailViews()
      .then((views) => views.connectEmail(config, { email }))
      // The next view rendered at once, not after a placeholder that takes the focus to the
      // title: the code field gets it, so a keyboard user types the code straight away.
      .then((result) => loadNextViews().then(() => result))
      .then(
        ({ action }) => {
          setBusy(false)
          onNext({
            view: action === 'VERIFY_DEVICE' ? 'EmailVerifyDevice' : 'EmailVerifyOtp',
            email: email.trim().toLowerCase(),
          })
        },
        (error: unknown) => {
          setBusy(false)
          setFailure(error)
        },
      )
  }
  const alertId = failure ? getAlertId(failure) : undefined
  return {
    email,
    setEmail: (value) => {
      setEmail(value)
      setFailure(undefined)
    },
    submit,
    preload,
    busy,
    error:
      failure && !alertId
        ? (failure as Error).name === 'InvalidEmailError'
          ? t('email.invalid')
          : getErrorMessage(failure, t)
        : undefined,
    alert: alertId ? { title: t(alerts[alertId].title), text: t(alerts[alertId].text) } : undefined,
  }
}
