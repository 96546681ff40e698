import type { OnrampOptions, OnrampProvider } from './onrampProvider.ts'

export type OnrampOptionsCache = {
  /** The provider's options, from memory while fresh; a failure is thrown and not kept. */
  get(provider: OnrampProvider, signal?: AbortSignal | undefined): Promise<OnrampOptions>
}

/**
 * Keeps each provider's options for `ttlMs` (providers ask callers to cache them), and shares
 * one call among requests that arrive while it runs.
 */
export function createOnrampOptionsCache({
  ttlMs = 5 * 60_000,
  now = Date.now,
}: {
  ttlMs?: number
  now?: () => number
} = {}): OnrampOptionsCache {
  const entries = new Map<string, { at: number; options: Promise<OnrampOptions> }>()
  return {
    get(provider, signal) {
      const key = provider.info.id
      const entry = entries.get(key)
      if (entry && now() - entry.at < ttlMs) return entry.options
      // Not bound to one caller's signal: a shared call outlives the request that started it.
      const options = provider.getOptions({ signal: undefined })
      entries.set(key, { at: now(), options })
      options.catch(() => {
        if (entries.get(key)?.options === options) entries.delete(key)
      })
      return signal ? raceAbort(options, signal) : options
    },
  }
}

function raceAbort<value>(promise: Promise<value>, signal: AbortSignal): Promise<value> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
