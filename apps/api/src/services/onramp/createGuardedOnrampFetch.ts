import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import type { OnrampFetch } from './onrampFetch.ts'

/**
 * The adapters' fetch over the guarded fetcher: JSON answers only (`Accept` is the fetcher's
 * own, so it is taken out of the headers), POSTs never redirected, every call within its time
 * and size budget and the process's outbound cap.
 */
export function createGuardedOnrampFetch(guardedFetch: GuardedFetch): OnrampFetch {
  return (url, { method, headers = {}, body, maxBytes, timeoutMs, signal }) =>
    guardedFetch(url, {
      accept: ['application/json'],
      method,
      headers: Object.fromEntries(
        Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'accept'),
      ),
      body,
      maxBytes,
      timeoutMs,
      signal,
    })
}
