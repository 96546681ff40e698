import type { LatchConfig } from '@latch/core'

type Entry = { error: Error | undefined; listeners: Set<() => void> }

/** Per config: the API's refusal of the analytics calls (a 403 or 401), for the alert. */
const entries = new WeakMap<LatchConfig, Entry>()

const entryOf = (config: LatchConfig): Entry => {
  let entry = entries.get(config)
  if (!entry) {
    entry = { error: undefined, listeners: new Set() }
    entries.set(config, entry)
  }
  return entry
}

/**
 * A tiny store the lazily loaded analytics writes and the views read (`useAnalyticsError`),
 * so the views never import the analytics chunk.
 */
export const analyticsErrorStore = {
  get: (config: LatchConfig) => entryOf(config).error,
  set(config: LatchConfig, error: Error | undefined) {
    const entry = entryOf(config)
    if (entry.error === error) return
    entry.error = error
    for (const listener of entry.listeners) listener()
  },
  subscribe(config: LatchConfig, listener: () => void) {
    const entry = entryOf(config)
    entry.listeners.add(listener)
    return () => {
      entry.listeners.delete(listener)
    }
  },
}
