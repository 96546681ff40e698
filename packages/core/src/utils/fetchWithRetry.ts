import {
  httpRetryAfterMaxMs,
  httpRetryCount,
  httpRetryDelay,
  httpRetryStatuses,
} from '../timings.ts'
import type { FetchLike, FetchResponseLike, Scheduler } from '../types.ts'
import { defaultScheduler } from './defaultScheduler.ts'

export type FetchWithRetryParameters = {
  fetch: FetchLike
  url: string
  init: Parameters<FetchLike>[1]
  /** Only idempotent calls (GETs, or POSTs that create nothing) are retried. */
  retry: boolean
  scheduler?: Scheduler | undefined
  /** For `Retry-After` given as an HTTP date; default `Date.now`. */
  now?: (() => number) | undefined
}

/**
 * `fetch` with spec section 9's HTTP retry: an answer of 403, 408, 413, 429, 500, 502, 503 or
 * 504 is asked again up to 3 times, after 150 ms, 300 ms, 600 ms, or after the answer's
 * `Retry-After` when it gives one (one above 30 s is not waited for: that answer is returned).
 * An aborted signal ends the wait; a thrown fetch (offline, aborted) is not retried.
 */
export async function fetchWithRetry(
  parameters: FetchWithRetryParameters,
): Promise<FetchResponseLike> {
  const scheduler = parameters.scheduler ?? defaultScheduler
  const signal = parameters.init?.signal as
    | {
        aborted?: boolean
        addEventListener?(type: 'abort', listener: () => void): void
        removeEventListener?(type: 'abort', listener: () => void): void
      }
    | undefined
  // Called unbound: a browser's `fetch` called as a method of another object throws.
  const { fetch } = parameters
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(parameters.url, parameters.init)
    if (!parameters.retry || attempt >= httpRetryCount) return response
    if (!httpRetryStatuses.includes(response.status)) return response
    const retryAfter = parseRetryAfter(
      response.headers?.get('retry-after') ?? null,
      parameters.now ?? Date.now,
    )
    const delay = retryAfter ?? httpRetryDelay(attempt)
    if (delay > httpRetryAfterMaxMs || signal?.aborted) return response
    const waited = await new Promise<boolean>((resolve) => {
      const onAbort = () => {
        scheduler.clearTimeout(timer)
        resolve(false)
      }
      const timer = scheduler.setTimeout(() => {
        signal?.removeEventListener?.('abort', onAbort)
        resolve(true)
      }, delay)
      signal?.addEventListener?.('abort', onAbort)
    })
    if (!waited) return response
  }
}

/** `Retry-After` as milliseconds: delta seconds or an HTTP date; undefined when absent or bad. */
function parseRetryAfter(value: string | null, now: () => number): number | undefined {
  if (value === null || !value.trim()) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now())
}
