/** One outbound call of a provider adapter. */
export type OnrampFetchOptions = {
  method: 'GET' | 'POST'
  headers?: Readonly<Record<string, string>> | undefined
  /** JSON text for a POST. */
  body?: string | undefined
  /** The largest answer read. */
  maxBytes: number
  /** Bound on the whole call. */
  timeoutMs: number
  signal?: AbortSignal | undefined
}

/**
 * How adapters reach their provider: the guarded fetcher (`createGuardedFetch`, GET and POST)
 * in the API, a plain fetch to a local stand-in in tests. Answers with the final response,
 * whatever its status; throws when the call could not be made within the limits.
 */
export type OnrampFetch = (url: string, options: OnrampFetchOptions) => Promise<Response>
