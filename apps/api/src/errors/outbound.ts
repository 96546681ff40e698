import { BaseError } from './base.ts'

/**
 * An outbound HTTP(S) request was refused or failed within the guarded fetcher's limits
 * (scheme, host's addresses, time, size, content type, redirects, concurrency). `reason` is a
 * short lower-case phrase callers reuse in their own domain errors; it never holds the URL,
 * which may carry a key.
 */
export class OutboundFetchError extends BaseError {
  override name = 'OutboundFetchError'
  readonly reason: string
  /** Refused by this process's own outbound cap, not by the host: worth no negative caching. */
  readonly busy: boolean
  constructor({
    reason,
    cause,
    busy = false,
  }: { reason: string; cause?: unknown; busy?: boolean }) {
    super(`The outbound request failed: ${reason}.`, { code: 'UPSTREAM_UNAVAILABLE', cause })
    this.reason = reason
    this.busy = busy
  }
}
