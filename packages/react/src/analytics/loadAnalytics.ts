import type { LatchConfig, ModalRouter } from '@latch/core'

/**
 * Loads and starts the page's analytics in its own chunk (never in the first one), when the
 * app's `features.analytics` is on; returns its stop. The API still decides: off unless its
 * operator enables analytics, and then nothing is sent.
 */
export function loadAnalytics(config: LatchConfig, modal: ModalRouter): () => void {
  if (!config.options.features.analytics) return () => {}
  let stop: (() => void) | undefined
  let stopped = false
  void import('./startAnalytics.ts').then(
    (module) => {
      if (!stopped) stop = module.startAnalytics(config, modal)
    },
    (error: unknown) => config.logs.warn('Analytics could not be loaded.', { error }),
  )
  return () => {
    stopped = true
    stop?.()
  }
}
