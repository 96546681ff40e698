import { verifyEmbeddedEmailSecondaryOtp } from '@latch/core'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { EmailOtpView } from './EmailOtpView.tsx'
import { useOtpStep } from './useOtpStep.ts'

/** UpdateEmailSecondaryOtp: the code sent to the new email; the change is then done. */
export function UpdateEmailSecondaryOtpContainer() {
  const config = useConfig()
  const { t } = useMessages()
  const { history, router } = useConnectModal()
  const newEmail = history.at(-1)?.email ?? ''
  const step = useOtpStep({
    verify: (otp) => verifyEmbeddedEmailSecondaryOtp(config, { otp }),
    onVerified: () => {
      config.toasts.show({ variant: 'success', message: t('updateEmail.done') })
      router.close()
    },
  })
  return <EmailOtpView {...step} text={t('emailOtp.text', { email: newEmail })} />
}
