import type { ModalRouter } from '@latch/core'

/**
 * After a social or Farcaster attempt ended without a connection (cancelled, or failed: the
 * Connect view shows why): back to the Connect view, if the modal still shows the attempt.
 * Not `back()`, which on ConnectingFarcaster would also forget the failure.
 */
export function returnToConnect(router: ModalRouter): void {
  const { history } = router.getState()
  const view = history.at(-1)?.view
  if (view !== 'ConnectingSocial' && view !== 'ConnectingFarcaster') return
  const connect = history.findLastIndex((route) => route.view === 'Connect')
  if (connect >= 0) router.goBackToIndex(connect)
  else router.reset({ view: 'Connect' })
}
