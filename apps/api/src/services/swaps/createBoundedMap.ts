/** A map of at most `maxEntries` entries: past it, the least recently used goes. */
export type BoundedMap<key, value> = {
  get(key: key): value | undefined
  set(key: key, value: value): void
  delete(key: key): void
  readonly size: number
}

export function createBoundedMap<key, value>(maxEntries: number): BoundedMap<key, value> {
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}.`)
  // A Map iterates in insertion order and a hit re-inserts: the first key is the least recent.
  const entries = new Map<key, value>()
  return {
    get(key) {
      const value = entries.get(key)
      if (value !== undefined) {
        entries.delete(key)
        entries.set(key, value)
      }
      return value
    },
    set(key, value) {
      entries.delete(key)
      entries.set(key, value)
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break
        entries.delete(oldest)
      }
    },
    delete(key) {
      entries.delete(key)
    },
    get size() {
      return entries.size
    },
  }
}
