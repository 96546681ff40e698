import type { Unsubscribe } from '../types.ts'

export type Emitter<Events extends Record<string, unknown>> = {
  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): Unsubscribe
  emit<E extends keyof Events>(event: E, payload: Events[E]): void
  clear(): void
}

/** A typed event emitter, one per connector instance. */
export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>()
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])])
        (listener as (payload: Events[typeof event]) => void)(payload)
    },
    clear() {
      listeners.clear()
    },
  }
}
