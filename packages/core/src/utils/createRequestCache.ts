import { queryRetryDelay } from '../timings.ts'

/** One cached request's state: pending until its first answer (retries included). */
export type RequestState<data> =
  | { status: 'pending'; data: undefined; error: undefined; updatedAt: 0 }
  | { status: 'success'; data: data; error: undefined; updatedAt: number }
  | { status: 'error'; data: data | undefined; error: unknown; updatedAt: number }

export type RequestOptions<data> = {
  /** How long an answer stays fresh (ms), or a function of the answer. */
  staleMs: number | ((data: data) => number)
  /** Retries after a failure, `queryRetryDelay` apart (1 s, 2 s, ...). */
  retry: number
  /** Whether a failed request is made again on the next load; else the error is kept. */
  reloadOnError: boolean
}

/** At most this many requests are kept per cache (the oldest is forgotten first). */
export const requestCacheLimit = 50

const pendingState: RequestState<never> = {
  status: 'pending',
  data: undefined,
  error: undefined,
  updatedAt: 0,
}

type Entry = { state: RequestState<unknown>; inFlight?: Promise<RequestState<unknown>> }

export type RequestCache = ReturnType<typeof createRequestCache>

/**
 * A small store of requests by key, for views that must not wait on a query library: one
 * request in flight per key (later loads share it), retries with the query retry delay, and
 * answers kept while fresh. Views read `get(key)` and `subscribe(key, listener)`
 * (`useSyncExternalStore`); `load` never rejects, it resolves with the new state.
 */
export function createRequestCache(
  parameters: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
) {
  const now = parameters.now ?? Date.now
  const sleep =
    parameters.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const entries = new Map<string, Entry>()
  const listeners = new Map<string, Set<() => void>>()

  function set(key: string, entry: Entry) {
    entries.delete(key)
    entries.set(key, entry)
    for (const oldest of entries.keys()) {
      if (entries.size <= requestCacheLimit) break
      entries.delete(oldest)
    }
    for (const listener of listeners.get(key) ?? []) listener()
  }

  function isFresh<data>(state: RequestState<data>, options: RequestOptions<data>): boolean {
    if (state.status === 'error') return !options.reloadOnError
    if (state.status !== 'success') return false
    const staleMs =
      typeof options.staleMs === 'function' ? options.staleMs(state.data) : options.staleMs
    return now() - state.updatedAt < staleMs
  }

  return {
    /** The request's state: the same object until it changes. */
    get<data>(key: string): RequestState<data> {
      return (entries.get(key)?.state ?? pendingState) as RequestState<data>
    },
    subscribe(key: string, listener: () => void): () => void {
      const keyListeners = listeners.get(key) ?? new Set<() => void>()
      listeners.set(key, keyListeners)
      keyListeners.add(listener)
      return () => {
        keyListeners.delete(listener)
        if (keyListeners.size === 0) listeners.delete(key)
      }
    },
    /** Makes the request unless its answer is fresh or it is already in flight. */
    load<data>(
      key: string,
      request: () => Promise<data>,
      options: RequestOptions<data>,
    ): Promise<RequestState<data>> {
      const entry = entries.get(key) as Entry | undefined
      if (entry?.inFlight) return entry.inFlight as Promise<RequestState<data>>
      const state = (entry?.state ?? pendingState) as RequestState<data>
      if (isFresh(state, options)) return Promise.resolve(state)
      const inFlight = (async (): Promise<RequestState<data>> => {
        for (let attempt = 0; ; attempt++) {
          try {
            const data = await request()
            return { status: 'success', data, error: undefined, updatedAt: now() }
          } catch (error) {
            if (attempt >= options.retry)
              return { status: 'error', data: state.data, error, updatedAt: now() }
            await sleep(queryRetryDelay(attempt))
          }
        }
      })().then((next) => {
        set(key, { state: next })
        return next
      })
      entries.set(key, { state, inFlight: inFlight as Promise<RequestState<unknown>> })
      return inFlight
    },
  }
}

const caches = new WeakMap<object, RequestCache>()

/** The request cache of one config (created on first use). */
export function getRequestCache(config: object): RequestCache {
  const cache = caches.get(config) ?? createRequestCache()
  caches.set(config, cache)
  return cache
}
