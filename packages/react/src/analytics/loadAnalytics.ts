import type { LatchConfig, ModalRouter } from '@latch/core'

/**
 * Starts the page's analytics when the app's `features.analytics` is on, in its own chunk,
 * loaded only once the person does something it counts (opens the modal, or a wallet connects
 * or reconnects): never before the first click. The API still decides: off unless its operator
 * enables analytics, and then nothing is sent. Returns its stop.
 */
export function loadAnalytics(config: LatchConfig, modal: ModalRouter): () => void {
  if (!config.options.features.analytics) return () => {}
  let stop: (() => void) | undefined
  let stopped = false
  let started = false
  const unwatch: (() => void)[] = []
  const start = () => {
    if (started || stopped) return
    started = true
    for (const fn of unwatch) fn()
    void import('./startAnalytics.ts').then(
      (module) => {
        if (!stopped) stop = module.startAnalytics(config, modal)
      },
      (error: unknown) => config.logs.warn('Analytics could not be loaded.', { error }),
    )
  }
  unwatch.push(
    modal.subscribe((state) => {
      if (state.open) start()
    }),
    config.subscribe((state) => {
      if (state.status !== 'disconnected') start()
    }),
  )
  if (modal.getState().open || config.getState().status !== 'disconnected') start()
  return () => {
    stopped = true
    for (const fn of unwatch) fn()
    stop?.()
  }
}
