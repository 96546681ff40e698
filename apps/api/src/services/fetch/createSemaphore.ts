import { OutboundFetchError } from '../../errors/outbound.ts'

export type CreateSemaphoreParameters = {
  /** How many holders at once. */
  limit: number
  /** How many may wait for a slot; one more is refused at once (default 8 x limit). */
  maxWaiting?: number | undefined
}

export type Semaphore = {
  /** Resolves with a release function once a slot is free; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void>
  /** Holders and waiters now (for tests and diagnostics). */
  stats(): { active: number; waiting: number }
}

/**
 * A counting semaphore with a bounded queue, so a burst of outbound requests waits its turn
 * instead of opening sockets without end, and a flood beyond the queue fails fast.
 */
export function createSemaphore({
  limit,
  maxWaiting = limit * 8,
}: CreateSemaphoreParameters): Semaphore {
  let active = 0
  const waiting: Array<() => void> = []

  const releaser = () => {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }

  return {
    acquire(signal) {
      if (signal?.aborted)
        return Promise.reject(new OutboundFetchError({ reason: 'the request was cancelled' }))
      if (active < limit) {
        active++
        return Promise.resolve(releaser())
      }
      if (waiting.length >= maxWaiting)
        return Promise.reject(
          new OutboundFetchError({ reason: 'too many outbound requests at once', busy: true }),
        )
      return new Promise((resolve, reject) => {
        // The slot passes straight from the releasing holder to this waiter (active unchanged).
        const grant = () => {
          signal?.removeEventListener('abort', onAbort)
          resolve(releaser())
        }
        const onAbort = () => {
          const index = waiting.indexOf(grant)
          if (index !== -1) waiting.splice(index, 1)
          reject(new OutboundFetchError({ reason: 'the request was cancelled' }))
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        waiting.push(grant)
      })
    },
    stats: () => ({ active, waiting: waiting.length }),
  }
}
