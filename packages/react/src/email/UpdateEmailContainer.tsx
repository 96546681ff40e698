import { updateEmbeddedEmail } from '@latch/core'
import { useState } from 'react'
import { Alert } from '../alerts/Alert.tsx'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { EmailField } from './EmailField.tsx'

/**
 * UpdateEmailWallet: the new email; Continue asks the frame to send a code to the current
 * email (primary) and to the new one (secondary), entered next in that order.
 */
export function UpdateEmailContainer() {
  const config = useConfig()
  const { t } = useMessages()
  const { router } = useConnectModal()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>()
  const alertId = failure ? getAlertId(failure) : undefined
  return (
    <div className="latch-email-step latch-email-step--form">
      {alertId ? <Alert title={t(alerts[alertId].title)} text={t(alerts[alertId].text)} /> : null}
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value)
          setFailure(undefined)
        }}
        labelKey="updateEmail.newLabel"
        autoFocus
        busy={busy}
        error={
          failure && !alertId
            ? (failure as Error).name === 'InvalidEmailError'
              ? t('email.invalid')
              : getErrorMessage(failure, t)
            : undefined
        }
        onSubmit={() => {
          setBusy(true)
          setFailure(undefined)
          // The code views were loaded with this one (preloadUpdateEmailViews).
          updateEmbeddedEmail(config, { email }).then(
            ({ action }) => {
              setBusy(false)
              router.push({
                view:
                  action === 'VERIFY_PRIMARY_OTP'
                    ? 'UpdateEmailPrimaryOtp'
                    : 'UpdateEmailSecondaryOtp',
                email: email.trim().toLowerCase(),
              })
            },
            (error: unknown) => {
              setBusy(false)
              setFailure(error)
            },
          )
        }}
      />
    </div>
  )
}
