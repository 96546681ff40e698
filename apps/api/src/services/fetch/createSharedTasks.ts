import { OutboundFetchError } from '../../errors/outbound.ts'

export type SharedTasks<value> = {
  /**
   * Runs `start` for `key`, or joins the run already going. Each asker may leave with its own
   * `signal`; the shared run is aborted only when every asker has left, so one client going
   * away does not fail the others, and no work outlives all of them.
   */
  run(
    key: string,
    signal: AbortSignal | undefined,
    start: (signal: AbortSignal) => Promise<value>,
  ): Promise<value>
  /** Runs going now. */
  size(): number
}

/** Deduplicates concurrent work by key, with abort once nobody waits for it. */
export function createSharedTasks<value>(): SharedTasks<value> {
  type Entry = { promise: Promise<value>; controller: AbortController; askers: number }
  const running = new Map<string, Entry>()
  return {
    run(key, signal, start) {
      if (signal?.aborted)
        return Promise.reject(new OutboundFetchError({ reason: 'the request was cancelled' }))
      let entry = running.get(key)
      // A run every asker abandoned is finishing its abort: a new asker starts afresh.
      if (!entry || entry.controller.signal.aborted) {
        const controller = new AbortController()
        const created: Entry = {
          controller,
          askers: 0,
          promise: Promise.resolve()
            .then(() => start(controller.signal))
            .finally(() => {
              if (running.get(key) === created) running.delete(key)
            }),
        }
        // Nobody may be left to read a failure: keep it from being reported as unhandled.
        created.promise.catch(() => {})
        running.set(key, created)
        entry = created
      }
      const joined = entry
      joined.askers++
      return new Promise<value>((resolve, reject) => {
        let left = false
        const leave = () => {
          if (left) return false
          left = true
          signal?.removeEventListener('abort', onAbort)
          joined.askers--
          return true
        }
        const onAbort = () => {
          if (!leave()) return
          if (joined.askers === 0)
            joined.controller.abort(new OutboundFetchError({ reason: 'the request was cancelled' }))
          reject(new OutboundFetchError({ reason: 'the request was cancelled' }))
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        joined.promise.then(
          (result) => {
            if (leave()) resolve(result)
          },
          (error: unknown) => {
            if (leave()) reject(error)
          },
        )
      })
    },
    size: () => running.size,
  }
}
