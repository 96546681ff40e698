/**
 * The email views and the email flow's actions, one chunk: loaded on the first intent to use
 * email (focus or pointer on the field), so the Connect view carries only the field.
 */
import '../i18n/laterMessages.ts'

export { connectEmail } from '@latch/core'
export { EmailVerifyDeviceContainer } from './EmailVerifyDeviceContainer.tsx'
export { EmailVerifyOtpContainer } from './EmailVerifyOtpContainer.tsx'
export { UpdateEmailContainer } from './UpdateEmailContainer.tsx'
export { UpdateEmailPrimaryOtpContainer } from './UpdateEmailPrimaryOtpContainer.tsx'
export { UpdateEmailSecondaryOtpContainer } from './UpdateEmailSecondaryOtpContainer.tsx'
