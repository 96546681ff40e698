/**
 * A fetch that records the JSON-RPC methods it sends (a batch counts each of its calls), for
 * tests that count chain reads: inject it as `fetchFn`.
 */
export function createRecordingFetch(inner: typeof fetch = fetch) {
  const methods: string[] = []
  const fetchFn: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as { method?: string } | { method?: string }[]
      for (const call of Array.isArray(body) ? body : [body]) methods.push(call.method ?? '?')
    }
    return inner(input, init)
  }
  return {
    fetchFn,
    /** Every method sent so far, in order. */
    methods,
    /** Forgets what was recorded. */
    reset: () => {
      methods.length = 0
    },
  }
}
