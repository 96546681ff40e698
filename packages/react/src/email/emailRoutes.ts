import { createLazyView } from '../transaction/LazyView.tsx'

/** The email views' chunk (and the flow's actions); the browser caches it after the first call. */
export const loadEmailViews = () => import('./emailViews.ts')

/** EmailVerifyOtp: the code from the email. */
export const emailVerifyOtpRoute = createLazyView(() =>
  loadEmailViews().then((views) => ({ default: views.EmailVerifyOtpContainer })),
)

/** EmailVerifyDevice: "approve this device" from the link in the email, then continue. */
export const emailVerifyDeviceRoute = createLazyView(() =>
  loadEmailViews().then((views) => ({ default: views.EmailVerifyDeviceContainer })),
)

/** UpdateEmailWallet: the new email. */
export const updateEmailRoute = createLazyView(() =>
  loadEmailViews().then((views) => ({ default: views.UpdateEmailContainer })),
)

/** UpdateEmailPrimaryOtp: the code sent to the current email. */
export const updateEmailPrimaryOtpRoute = createLazyView(() =>
  loadEmailViews().then((views) => ({ default: views.UpdateEmailPrimaryOtpContainer })),
)

/** UpdateEmailSecondaryOtp: the code sent to the new email. */
export const updateEmailSecondaryOtpRoute = createLazyView(() =>
  loadEmailViews().then((views) => ({ default: views.UpdateEmailSecondaryOtpContainer })),
)

/**
 * Loads the three views of an email change before the first opens (one chunk), so each opens
 * at once with its field focused. Called by whoever opens UpdateEmailWallet (the views
 * themselves must not import these routes: that would be an import circle).
 */
export const preloadUpdateEmailViews = () =>
  Promise.all([
    updateEmailRoute.preload(),
    updateEmailPrimaryOtpRoute.preload(),
    updateEmailSecondaryOtpRoute.preload(),
  ])
