import type { Unsubscribe } from '../types.ts'

export type Store<T> = {
  getState(): T
  setState(next: T | ((state: T) => T)): void
  subscribe(listener: (state: T, previous: T) => void): Unsubscribe
}

/** A minimal external store (the shape `useSyncExternalStore` wants); one per instance. */
export function createStore<T>(initial: T): Store<T> {
  let state = initial
  const listeners = new Set<(state: T, previous: T) => void>()
  return {
    getState: () => state,
    setState(next) {
      const previous = state
      state = typeof next === 'function' ? (next as (state: T) => T)(state) : next
      if (Object.is(state, previous)) return
      for (const listener of [...listeners]) listener(state, previous)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
