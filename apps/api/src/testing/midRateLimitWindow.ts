import { rateLimitWindowMs } from '../stores/createRateLimitCounter.ts'

/**
 * A fixed clock for rate-limit counters in tests: the middle of the window that is current
 * when the file loads. On the wall clock, a test that crossed a window's end would count its
 * requests in two windows. A window of now, not of 1970: the database store sweeps the rows
 * that its own clock says have expired.
 */
export function midRateLimitWindow(): number {
  return Math.floor(Date.now() / rateLimitWindowMs) * rateLimitWindowMs + rateLimitWindowMs / 2
}
