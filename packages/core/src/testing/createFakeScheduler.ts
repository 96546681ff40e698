import type { Scheduler } from '../types.ts'

/**
 * A manual clock for tests: inject `scheduler`, then `advance(ms)` runs the due callbacks in
 * order. Test-only (not exported from the package).
 */
export function createFakeScheduler() {
  let now = 0
  let next = 1
  const timers = new Map<number, { at: number; run: () => void }>()
  const scheduler: Scheduler = {
    setTimeout(run, ms) {
      const id = next++
      timers.set(id, { at: now + ms, run })
      return id
    },
    clearTimeout: (id) => void timers.delete(id as number),
  }
  return {
    scheduler,
    /** Timers still waiting. */
    pending: () => timers.size,
    advance(ms: number) {
      const until = now + ms
      for (;;) {
        const due = [...timers]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0]
        if (!due) break
        timers.delete(due[0])
        now = due[1].at
        due[1].run()
      }
      now = until
    },
  }
}
