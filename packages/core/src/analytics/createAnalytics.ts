import type { AnalyticsEvent } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { InvalidProjectIdError, OriginNotAllowedError } from '../registry/errors.ts'
import type { Unsubscribe } from '../types.ts'
import { getAnalyticsConfig } from './getAnalyticsConfig.ts'
import { sendAnalyticsEvents } from './sendAnalyticsEvents.ts'

/** `pending` until the API's answer; only `enabled` ever sends. */
export type AnalyticsStatus = 'pending' | 'enabled' | 'disabled' | 'refused'

export type AnalyticsState = {
  status: AnalyticsStatus
  /** Why the API refused the app (`refused`): an origin (403) or project id (401) error. */
  error: OriginNotAllowedError | InvalidProjectIdError | undefined
}

export type CreateAnalyticsParameters = {
  /** How long events wait to be sent together, in ms (default 2000). */
  flushDelayMs?: number | undefined
  /** Events per `POST /e` (default 10, at most the API's 25). */
  maxBatch?: number | undefined
  /** Events kept while the config is loading or a batch is on its way (default 100). */
  maxQueue?: number | undefined
}

export type Analytics = {
  /** Queues an event; never throws, never waits. Dropped unless analytics is enabled. */
  track(event: string, properties?: Record<string, string | number | boolean | null>): void
  /** Sends what is queued now (tests, page hide). */
  flush(): Promise<void>
  getState(): AnalyticsState
  subscribe(listener: (state: AnalyticsState) => void): Unsubscribe
  /** Stops the timer; queued events are dropped. */
  stop(): void
}

/**
 * The page's analytics (spec section 7): asks `GET /getAnalyticsConfig` once, and only when it
 * says enabled sends events to `POST /e`, in batches after `flushDelayMs`, off the UI's path.
 * Disabled (or the config unreadable): nothing is ever sent. A 403 or 401 from the API stops
 * it and is kept as `error` (the page shows 'Invalid App Configuration'); other failures drop
 * the batch and go to the log buffer.
 */
export function createAnalytics(
  config: LatchConfig,
  { flushDelayMs = 2000, maxBatch = 10, maxQueue = 100 }: CreateAnalyticsParameters = {},
): Analytics {
  let state: AnalyticsState = { status: 'pending', error: undefined }
  const listeners = new Set<(state: AnalyticsState) => void>()
  let queue: AnalyticsEvent[] = []
  let timer: unknown
  let stopped = false
  let sending: Promise<void> | undefined

  const setState = (next: AnalyticsState) => {
    state = next
    for (const listener of listeners) listener(state)
  }
  const schedule = () => {
    if (timer !== undefined || stopped || state.status !== 'enabled' || queue.length === 0) return
    timer = config.scheduler.setTimeout(() => {
      timer = undefined
      void flush()
    }, flushDelayMs)
  }
  const refuse = (error: unknown) => {
    if (error instanceof OriginNotAllowedError || error instanceof InvalidProjectIdError) {
      queue = []
      setState({ status: 'refused', error })
      return true
    }
    return false
  }

  const loading = getAnalyticsConfig(config).then(
    ({ isAnalyticsEnabled }) => {
      if (!isAnalyticsEnabled) queue = []
      setState({ status: isAnalyticsEnabled ? 'enabled' : 'disabled', error: undefined })
      schedule()
    },
    (error: unknown) => {
      queue = []
      if (!refuse(error)) {
        config.logs?.warn('Analytics is off: its configuration could not be read.', { error })
        setState({ status: 'disabled', error: undefined })
      }
    },
  )

  async function send() {
    while (queue.length > 0 && state.status === 'enabled' && !stopped) {
      const events = queue.slice(0, maxBatch)
      queue = queue.slice(events.length)
      try {
        await sendAnalyticsEvents(config, { events })
      } catch (error) {
        if (!refuse(error)) config.logs?.warn('Analytics events were dropped.', { error })
      }
    }
  }

  async function flush() {
    await loading
    if (timer !== undefined) {
      config.scheduler.clearTimeout(timer)
      timer = undefined
    }
    sending ??= send().finally(() => {
      sending = undefined
    })
    await sending
  }

  return {
    track(event, properties) {
      if (stopped || state.status === 'disabled' || state.status === 'refused') return
      if (queue.length >= maxQueue) return
      const address = config.getState().address
      queue.push({
        timestamp: Date.now(),
        props: {
          type: 'track',
          event,
          ...(address ? { address } : {}),
          ...(properties ? { properties } : {}),
        },
      })
      schedule()
    },
    flush,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      stopped = true
      queue = []
      if (timer !== undefined) config.scheduler.clearTimeout(timer)
      timer = undefined
    },
  }
}
