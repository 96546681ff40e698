import { findAuthConnector, verifyEmbeddedEmailPrimaryOtp } from '@latch/core'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { EmailOtpView } from './EmailOtpView.tsx'
import { useOtpStep } from './useOtpStep.ts'

/** UpdateEmailPrimaryOtp: the code sent to the current email; then the new email's code. */
export function UpdateEmailPrimaryOtpContainer() {
  const config = useConfig()
  const { t } = useMessages()
  const { history, router } = useConnectModal()
  const newEmail = history.at(-1)?.email ?? ''
  const current = findAuthConnector(config)?.embedded.getUser()?.email ?? ''
  const step = useOtpStep({
    verify: (otp) => verifyEmbeddedEmailPrimaryOtp(config, { otp }),
    onVerified: () => router.replace({ view: 'UpdateEmailSecondaryOtp', email: newEmail }),
  })
  return <EmailOtpView {...step} text={t('emailOtp.text', { email: current })} />
}
