import type { LatchConfig, ModalRouter } from '@latch/core'
import { whenIdle } from '../connect/loadConnectModal.ts'

/**
 * Starts the page's analytics when the app's `features.analytics` is on, in its own chunk,
 * loaded only once the person does something it counts: never before the first click. When
 * the modal opens it loads once the page is idle (not in the click's frame: the modal's first
 * view paints first; that opening still counts); when a wallet connects or reconnects, at
 * once. The API still decides: off unless its operator enables analytics, and then nothing is
 * sent. Returns its stop.
 */
export function loadAnalytics(config: LatchConfig, modal: ModalRouter): () => void {
  if (!config.options.features.analytics) return () => {}
  let stop: (() => void) | undefined
  let stopped = false
  let started = false
  let modalOpened = false
  let cancelIdle: (() => void) | undefined
  const unwatch: (() => void)[] = []
  const start = () => {
    if (started || stopped) return
    started = true
    cancelIdle?.()
    for (const fn of unwatch) fn()
    void import('./startAnalytics.ts').then(
      (module) => {
        if (!stopped) stop = module.startAnalytics(config, modal, { modalOpened })
      },
      (error: unknown) => config.logs.warn('Analytics could not be loaded.', { error }),
    )
  }
  const startWhenIdle = () => {
    modalOpened = true
    cancelIdle ??= whenIdle(start)
  }
  unwatch.push(
    modal.subscribe((state) => {
      if (state.open) startWhenIdle()
    }),
    config.subscribe((state) => {
      if (state.status !== 'disconnected') start()
    }),
  )
  if (config.getState().status !== 'disconnected') start()
  else if (modal.getState().open) startWhenIdle()
  return () => {
    stopped = true
    cancelIdle?.()
    for (const fn of unwatch) fn()
    stop?.()
  }
}
