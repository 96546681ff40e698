import type { LatchConfig } from '../createLatchConfig.ts'
import type { ModalRouter } from '../router/createModalRouter.ts'
import type { Unsubscribe } from '../types.ts'
import type { Analytics } from './createAnalytics.ts'

/**
 * Turns what happens in the app into analytics events, by watching core's stores (no view
 * changes): `MODAL_OPEN`, `CONNECT_SUCCESS` / `CONNECT_ERROR` (with the connector id and the
 * error's name) and `SEND_SUBMITTED` (with the chain id) when a transaction is broadcast.
 */
export function watchAnalyticsEvents(
  config: LatchConfig,
  analytics: Pick<Analytics, 'track'>,
  {
    modal,
    modalOpened,
  }: {
    modal?: Pick<ModalRouter, 'subscribe' | 'getState'> | undefined
    /**
     * The modal opened before watching started (analytics loads when the page is idle after
     * the first opening): that opening counts once, even if the modal has closed since.
     */
    modalOpened?: boolean | undefined
  } = {},
): Unsubscribe {
  // Open when watching starts (analytics loads after the modal first opens): that opening counts.
  let modalOpen = modal?.getState().open ?? false
  if (modalOpen || modalOpened) analytics.track('MODAL_OPEN')
  const stopModal = modal?.subscribe((state) => {
    if (state.open && !modalOpen) analytics.track('MODAL_OPEN')
    modalOpen = state.open
  })
  const stopState = config.subscribe((state, previous) => {
    if (previous.status !== 'connecting') return
    if (state.status === 'connected')
      analytics.track('CONNECT_SUCCESS', { connector: state.connectorId ?? null })
    else if (state.status === 'disconnected' && state.error)
      analytics.track('CONNECT_ERROR', {
        connector: previous.connectorId ?? null,
        error: state.error.name,
      })
  })
  const known = new Set(config.transactions.getState().map((transaction) => transaction.hash))
  const stopTransactions = config.transactions.subscribe((pending) => {
    for (const transaction of pending)
      if (!known.has(transaction.hash)) {
        known.add(transaction.hash)
        analytics.track('SEND_SUBMITTED', { chainId: transaction.chainId })
      }
  })
  return () => {
    stopModal?.()
    stopState()
    stopTransactions()
  }
}
