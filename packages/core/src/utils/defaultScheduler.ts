import type { Scheduler } from '../types.ts'

type HostTimers = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/**
 * The host's timers, looked up on each call (not at import) so a test's fake timers apply
 * and core stays free of DOM and Node types.
 */
export const defaultScheduler: Scheduler = {
  setTimeout: (callback, ms) => (globalThis as unknown as HostTimers).setTimeout(callback, ms),
  clearTimeout: (handle) => (globalThis as unknown as HostTimers).clearTimeout(handle),
}
