import { verifyEmailDevice } from '@latch/core'
import { useState } from 'react'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { EmailVerifyDeviceView } from './EmailVerifyDeviceView.tsx'

/**
 * EmailVerifyDevice: a known person on a new device follows the link in the email, then
 * Continue asks the frame again (`verifyEmailDevice`): once approved a code is mailed and
 * EmailVerifyOtp replaces this view.
 */
export function EmailVerifyDeviceContainer() {
  const config = useConfig()
  const { t } = useMessages()
  const { history, router } = useConnectModal()
  const email = history.at(-1)?.email ?? ''
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const [waiting, setWaiting] = useState(false)
  const alertId = failure ? getAlertId(failure) : undefined
  return (
    <EmailVerifyDeviceView
      email={email}
      busy={busy}
      stillWaiting={waiting}
      error={failure && !alertId ? getErrorMessage(failure, t) : undefined}
      alert={
        alertId ? { title: t(alerts[alertId].title), text: t(alerts[alertId].text) } : undefined
      }
      onContinue={() => {
        setBusy(true)
        setFailure(undefined)
        verifyEmailDevice(config).then(
          ({ action }) => {
            setBusy(false)
            if (action === 'VERIFY_OTP') router.replace({ view: 'EmailVerifyOtp', email })
            else setWaiting(true)
          },
          (error: unknown) => {
            setBusy(false)
            setFailure(error)
          },
        )
      }}
    />
  )
}
