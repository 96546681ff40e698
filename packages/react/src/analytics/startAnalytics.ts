import {
  createAnalytics,
  type LatchConfig,
  type ModalRouter,
  watchAnalyticsEvents,
} from '@latch/core'
import { analyticsErrorStore } from './analyticsErrorStore.ts'

/**
 * The page's analytics, in its own chunk: asks the API whether it collects this project's
 * events, watches the modal, the connection and sent transactions, and sends in batches
 * (nothing at all when the API says off). A refusal (403) is handed to the views' alert.
 */
export function startAnalytics(
  config: LatchConfig,
  modal: ModalRouter,
  /** `modalOpened`: the modal opened before analytics loaded (that opening counts). */
  options: { modalOpened?: boolean | undefined } = {},
): () => void {
  const analytics = createAnalytics(config)
  const stopWatching = watchAnalyticsEvents(config, analytics, {
    modal,
    modalOpened: options.modalOpened,
  })
  const stopState = analytics.subscribe((state) =>
    analyticsErrorStore.set(config, state.status === 'refused' ? state.error : undefined),
  )
  // Leaving the page: what is queued goes now rather than never.
  const target = globalThis as {
    addEventListener?: typeof addEventListener
    removeEventListener?: typeof removeEventListener
  }
  const onHide = () => void analytics.flush()
  target.addEventListener?.('pagehide', onHide)
  return () => {
    target.removeEventListener?.('pagehide', onHide)
    stopWatching()
    stopState()
    analytics.stop()
  }
}
