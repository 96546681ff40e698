import type { RateLimitScope } from '../errors/rateLimit.ts'
import type { RateLimitIncrement, RateLimitStore } from './rateLimitStore.ts'

/** One limit to check: at most `limit` requests per window under `key`. */
export type RateLimitCheck = { key: string; limit: number; scope: RateLimitScope }

export type RateLimitDecision =
  | { allowed: true }
  | { allowed: false; scope: RateLimitScope; retryAfterSeconds: number }

export type RateLimitCounter = {
  /**
   * Counts a request under every check's key, without I/O: refused when the last global count
   * the database returned plus this process's counts since then reach a limit. Local counts
   * are added to the database in the background every `flushIntervalMs`.
   */
  hit(checks: readonly RateLimitCheck[]): RateLimitDecision
  /**
   * Adds a request to every check's key in the database now and decides from the global
   * counts (one round trip: for write routes, which hit the database anyway).
   */
  consume(checks: readonly RateLimitCheck[]): Promise<RateLimitDecision>
  /** Writes the pending local counts now (tests; `stop`). */
  flush(): Promise<void>
  /** Flushes and stops the background timer. */
  stop(): Promise<void>
}

export type CreateRateLimitCounterParameters = {
  store: RateLimitStore
  /** The fixed window's length (default one minute). */
  windowMs?: number | undefined
  /** How often local counts are added to the database (default 250 ms). */
  flushIntervalMs?: number | undefined
  /** How often ended windows are swept from the database (default one minute). */
  sweepIntervalMs?: number | undefined
  /** Keys kept in memory at most; past it, ended windows are dropped first (default 100,000). */
  maxKeys?: number | undefined
  /** A failed flush or sweep (the database down): the counts are kept and retried. */
  onError?: ((error: unknown) => void) | undefined
  /** The clock in ms (tests move it). */
  now?: (() => number) | undefined
}

type Entry = {
  windowStart: number
  /** The global count the database last returned for this window. */
  known: number
  /** Counted here, not yet sent. */
  pending: number
  /** Sent, not yet answered. */
  flushing: number
}

/** The length of a counting window unless `windowMs` says otherwise: a minute of the wall clock. */
export const rateLimitWindowMs = 60_000

/**
 * Fixed-window rate-limit counting shared through the database but cheap on the hot path:
 * reads decide from memory and flush increments in batches (`INSERT ... ON CONFLICT DO UPDATE
 * ... RETURNING`), using the returned global counts for the next decisions. So with N
 * processes a limit may be passed by at most what the others count within one flush interval.
 */
export function createRateLimitCounter({
  store,
  windowMs = rateLimitWindowMs,
  flushIntervalMs = 250,
  sweepIntervalMs = 60_000,
  maxKeys = 100_000,
  onError = () => {},
  now = Date.now,
}: CreateRateLimitCounterParameters): RateLimitCounter {
  const entries = new Map<string, Entry>()
  let timer: NodeJS.Timeout | undefined
  let flushing: Promise<void> | undefined
  let lastSweep = now()
  let stopped = false

  const windowOf = (time: number) => Math.floor(time / windowMs) * windowMs
  const retryAfterSeconds = (time: number) =>
    Math.max(1, Math.ceil((windowOf(time) + windowMs - time) / 1000))

  const entryFor = (key: string, windowStart: number): Entry => {
    let entry = entries.get(key)
    if (!entry || entry.windowStart !== windowStart) {
      if (!entry && entries.size >= maxKeys) dropEnded(windowStart)
      entry = { windowStart, known: 0, pending: 0, flushing: 0 }
      entries.set(key, entry)
    }
    return entry
  }

  const dropEnded = (current: number) => {
    for (const [key, entry] of entries)
      if (entry.windowStart < current && entry.pending === 0 && entry.flushing === 0)
        entries.delete(key)
  }

  const schedule = () => {
    if (timer || stopped) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, flushIntervalMs)
    timer.unref()
  }

  const runFlush = async () => {
    const batch: { key: string; entry: Entry; increment: RateLimitIncrement }[] = []
    for (const [key, entry] of entries)
      if (entry.pending > 0) {
        batch.push({
          key,
          entry,
          increment: { key, windowStart: entry.windowStart, amount: entry.pending },
        })
        entry.flushing += entry.pending
        entry.pending = 0
      }
    try {
      if (batch.length > 0) {
        const counts = await store.increment(
          batch.map((item) => item.increment),
          windowMs,
        )
        batch.forEach(({ entry, increment }, index) => {
          entry.flushing -= increment.amount
          // Never below what this process alone has counted.
          entry.known = Math.max(entry.known + increment.amount, counts[index] ?? 0)
        })
      }
    } catch (error) {
      // Nothing lost: the counts go back to pending and are sent with the next flush.
      for (const { entry, increment } of batch) {
        entry.flushing -= increment.amount
        entry.pending += increment.amount
      }
      onError(error)
    }
    dropEnded(windowOf(now()))
    if (now() - lastSweep >= sweepIntervalMs) {
      lastSweep = now()
      await store.sweep().catch(onError)
    }
    if ([...entries.values()].some((entry) => entry.pending > 0)) schedule()
  }

  const flush = async () => {
    // One flush at a time: increments counted meanwhile go with the next one.
    while (flushing) await flushing
    flushing = runFlush().finally(() => {
      flushing = undefined
    })
    return flushing
  }

  return {
    hit(checks) {
      const time = now()
      const windowStart = windowOf(time)
      const counted = checks.map((check) => ({ check, entry: entryFor(check.key, windowStart) }))
      for (const { check, entry } of counted)
        if (entry.known + entry.pending + entry.flushing >= check.limit)
          return { allowed: false, scope: check.scope, retryAfterSeconds: retryAfterSeconds(time) }
      for (const { entry } of counted) entry.pending++
      schedule()
      return { allowed: true }
    },
    async consume(checks) {
      const time = now()
      const windowStart = windowOf(time)
      const counts = await store.increment(
        checks.map(({ key }) => ({ key, windowStart, amount: 1 })),
        windowMs,
      )
      const index = checks.findIndex((check, i) => (counts[i] ?? 0) > check.limit)
      const refused = checks[index]
      return refused
        ? { allowed: false, scope: refused.scope, retryAfterSeconds: retryAfterSeconds(time) }
        : { allowed: true }
    },
    flush,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await flush().catch(onError)
    },
  }
}
