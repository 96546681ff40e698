/**
 * Request options that keep some requests in a JSON-RPC batch of their own: viem's `http`
 * transport batches the requests of one tick that share a signal, so requests made with this
 * signal go in one HTTP request, apart from the others of the tick. Aborting `signal` aborts
 * them too.
 */
export function batchOfItsOwn(signal?: AbortSignal | undefined): { signal: AbortSignal } {
  return { signal: signal ? AbortSignal.any([signal]) : new AbortController().signal }
}
