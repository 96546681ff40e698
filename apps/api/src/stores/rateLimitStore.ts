/** Requests to add to one fixed-window counter. */
export type RateLimitIncrement = {
  /** What is counted, e.g. `ip:r:203.0.113.7` or `project:w:my-app`. */
  key: string
  /** The window's start in ms since the Unix epoch. */
  windowStart: number
  /** How many requests to add (at least 1). */
  amount: number
}

/**
 * Fixed-window request counters shared by every API process (the database's
 * `rate_limit_counters`), so a limit holds however many processes serve.
 */
export type RateLimitStore = {
  /**
   * Adds the increments (one statement, one round trip) and answers each counter's global
   * count after it, in the order given. The keys of one call are distinct.
   */
  increment(increments: readonly RateLimitIncrement[], windowMs: number): Promise<number[]>
  /** Deletes the counters whose window has ended; answers how many. */
  sweep(): Promise<number>
}
