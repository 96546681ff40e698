import { BaseError } from './base.ts'

/** What a rate limit counts: requests of one client IP, or of one project. */
export type RateLimitScope = 'ip' | 'project'

/** Too many requests in the current window: a 429, sent with `Retry-After`. */
export class RateLimitedError extends BaseError {
  override name = 'RateLimitedError'
  readonly retryAfterSeconds: number
  constructor({
    scope,
    retryAfterSeconds,
  }: {
    scope: RateLimitScope
    retryAfterSeconds: number
  }) {
    const who = scope === 'ip' ? 'from this address' : 'for this project'
    super(
      `Too many requests ${who}: try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      { code: 'RATE_LIMITED', status: 429 },
    )
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** The project holds as many unused, unexpired sign-in nonces as it may (a 429). */
export class TooManyNoncesError extends BaseError {
  override name = 'TooManyNoncesError'
  readonly retryAfterSeconds: number
  constructor({ max, retryAfterSeconds }: { max: number; retryAfterSeconds: number }) {
    super(
      `The project has ${max} unused sign-in nonces outstanding: use them or try again in ${retryAfterSeconds} seconds.`,
      { code: 'RATE_LIMITED', status: 429 },
    )
    this.retryAfterSeconds = retryAfterSeconds
  }
}
