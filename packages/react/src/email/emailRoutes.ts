import { createLazyView } from '../transaction/LazyView.tsx'

/** EmailVerifyOtp: the code from the email (its chunk loads on the first intent to use email). */
export const emailVerifyOtpRoute = createLazyView(() => import('./EmailVerifyOtpContainer.tsx'))

/** EmailVerifyDevice: "approve this device" from the link in the email, then continue. */
export const emailVerifyDeviceRoute = createLazyView(
  () => import('./EmailVerifyDeviceContainer.tsx'),
)

/** UpdateEmailWallet: the new email. */
export const updateEmailRoute = createLazyView(() => import('./UpdateEmailContainer.tsx'))

/** UpdateEmailPrimaryOtp: the code sent to the current email. */
export const updateEmailPrimaryOtpRoute = createLazyView(
  () => import('./UpdateEmailPrimaryOtpContainer.tsx'),
)

/** UpdateEmailSecondaryOtp: the code sent to the new email. */
export const updateEmailSecondaryOtpRoute = createLazyView(
  () => import('./UpdateEmailSecondaryOtpContainer.tsx'),
)
