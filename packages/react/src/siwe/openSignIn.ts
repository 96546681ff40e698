import type { ModalRouter, ModalView } from '@latch/core'

/** The views that sign in with the wallet. */
export const signInViews: readonly ModalView[] = ['SIWXSignMessage', 'ConnectingSiwe']

/**
 * Opens the modal on SIWXSignMessage. Its success pops the transaction stack with `replace`:
 * no ConnectingSiwe before it, so the modal closes and its history clears.
 */
export function openSignIn(router: ModalRouter): void {
  router.pushTransactionStack({ replace: true })
  router.open({ view: 'SIWXSignMessage' })
}

/**
 * Pushes ConnectingSiwe over the current view (signing in again from within the modal); its
 * success goes back to just before it.
 */
export function pushSignIn(router: ModalRouter): void {
  router.pushTransactionStack({ replace: true })
  router.push({ view: 'ConnectingSiwe' })
}
