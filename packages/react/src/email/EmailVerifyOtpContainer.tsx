import { connectEmail, getEmailCooldownMs, verifyEmailOtp } from '@latch/core'
import { useCallback } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { EmailOtpView } from './EmailOtpView.tsx'
import { useOtpStep } from './useOtpStep.ts'

/**
 * EmailVerifyOtp: the code from the email, then the connection (`verifyEmailOtp`); the connect
 * flow closes the modal once connected. The frame may first ask, in its own dialog over the
 * modal, for a recovery passphrase (new wallet, or a new device).
 */
export function EmailVerifyOtpContainer() {
  const config = useConfig()
  const { t } = useMessages()
  const { history } = useConnectModal()
  const email = history.at(-1)?.email ?? config.storage.getEmail() ?? ''
  const cooldown = useCallback(() => getEmailCooldownMs(config), [config])
  const step = useOtpStep({
    verify: (otp) => verifyEmailOtp(config, { otp }),
    resend: () => connectEmail(config, { email }),
    getCooldownMs: cooldown,
  })
  return <EmailOtpView {...step} text={t('emailOtp.text', { email })} />
}
