import type { SdkUsageRow, SdkUsageStore } from './sdkUsageStore.ts'

export type SdkUsageCounter = {
  /**
   * Counts one request of `projectId` by this SDK, in memory (no I/O on the request's path);
   * the counts go to the store in batches every `flushIntervalMs`.
   */
  record(usage: { projectId: string; sdkType: string; sdkVersion: string }): void
  /** Writes the pending counts now (tests; `stop`). */
  flush(): Promise<void>
  /** Flushes and stops the background timer. */
  stop(): Promise<void>
}

export type CreateSdkUsageCounterParameters = {
  store: SdkUsageStore
  /** How often counts are written (default 10 s). */
  flushIntervalMs?: number | undefined
  /**
   * Distinct (project, day, type, version) combinations held between two flushes at most
   * (default 10,000): past it, requests of new combinations are not counted until the next
   * flush, so a flood of made-up versions cannot grow memory or the table without bound.
   */
  maxKeys?: number | undefined
  /**
   * Distinct SDK type and version pairs counted per project and day (default 20): later new
   * pairs are counted as type and version "other", so made-up versions sent with a public
   * project id cannot grow the table past (projects x days x 21) rows.
   */
  maxSdksPerProjectDay?: number | undefined
  /** A failed flush (the database down): the counts are kept and retried. */
  onError?: ((error: unknown) => void) | undefined
  /** The clock in ms (tests move it). */
  now?: (() => number) | undefined
}

/**
 * Per project, per UTC day counts of the SDK type and version that called the API (spec
 * section 7), written in batches like the rate-limit counters: one upsert per flush, not one
 * database write per request.
 */
export function createSdkUsageCounter({
  store,
  flushIntervalMs = 10_000,
  maxKeys = 10_000,
  maxSdksPerProjectDay = 20,
  onError = () => {},
  now = Date.now,
}: CreateSdkUsageCounterParameters): SdkUsageCounter {
  let pending = new Map<string, SdkUsageRow>()
  /** The pairs counted today per project (`projectId`, `day` -> "type@version"). */
  let seen = new Map<string, Set<string>>()
  let seenDay = ''
  let timer: NodeJS.Timeout | undefined
  let flushing: Promise<void> | undefined
  let stopped = false

  const schedule = () => {
    if (timer || stopped) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, flushIntervalMs)
    timer.unref()
  }

  const runFlush = async () => {
    if (pending.size === 0) return
    const batch = pending
    pending = new Map()
    try {
      await store.add([...batch.values()])
    } catch (error) {
      // Nothing lost: the counts go back and are sent with the next flush.
      for (const [key, row] of batch) {
        const current = pending.get(key)
        if (current) current.count += row.count
        else pending.set(key, row)
      }
      onError(error)
      schedule()
    }
  }

  const flush = async () => {
    while (flushing) await flushing
    flushing = runFlush().finally(() => {
      flushing = undefined
    })
    return flushing
  }

  return {
    record(usage) {
      const { projectId } = usage
      let { sdkType, sdkVersion } = usage
      const day = new Date(now()).toISOString().slice(0, 10)
      if (day !== seenDay) {
        seen = new Map()
        seenDay = day
      }
      let pairs = seen.get(projectId)
      if (!pairs) {
        pairs = new Set()
        seen.set(projectId, pairs)
      }
      const pair = `${sdkType}@${sdkVersion}`
      if (!pairs.has(pair)) {
        if (pairs.size < maxSdksPerProjectDay) pairs.add(pair)
        else {
          sdkType = 'other'
          sdkVersion = 'other'
        }
      }
      const key = `${projectId}\u0000${day}\u0000${sdkType}\u0000${sdkVersion}`
      const row = pending.get(key)
      if (row) row.count += 1
      else if (pending.size < maxKeys)
        pending.set(key, { projectId, day, sdkType, sdkVersion, count: 1 })
      schedule()
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
