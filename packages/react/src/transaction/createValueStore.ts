/** A value with subscribers, read in React through `useSyncExternalStore`. */
export type ValueStore<T> = {
  getState(): T
  setState(next: T | ((state: T) => T)): void
  subscribe(listener: () => void): () => void
}

/** Creates a `ValueStore` holding `initial`. */
export function createValueStore<T>(initial: T): ValueStore<T> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    getState: () => state,
    setState(next) {
      const value = typeof next === 'function' ? (next as (state: T) => T)(state) : next
      if (Object.is(value, state)) return
      state = value
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
