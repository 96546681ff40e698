import type { CacheEntry, CacheStore } from './cacheStore.ts'

export type CreateLayeredCacheStoreParameters = {
  /** The shared cache (the database's): the truth every API process reads and writes. */
  shared: CacheStore
  /** Entries kept in this process at most; past it the least recently used go (default 10,000). */
  maxEntries?: number | undefined
  /**
   * The longest an entry is served from this process's memory without asking `shared` again
   * (default 30 s); never longer than the entry has left in `shared`.
   */
  maxLocalTtlMs?: number | undefined
  /** Told after this process stored or deleted `key` in `shared` (to tell other processes). */
  onChange?: ((key: string) => void) | undefined
  /** The clock in ms (tests move it). */
  now?: (() => number) | undefined
}

export type LayeredCacheStore = CacheStore & {
  /**
   * Forgets this process's copy of `key` (every key without one), so the next read asks the
   * shared cache: for a change another process made.
   */
  invalidate(key?: string): void
}

type LocalEntry = { json: string; expiresAt: number }

/**
 * A bounded in-process cache in front of the shared one. Reads are answered from memory while
 * the entry lives (at most `maxLocalTtlMs`, and never past its expiry in `shared`, so a 30 s
 * balance is never older than 30 s); a miss asks `shared` once however many requests want the
 * key at the same time. Writes and deletes go to `shared` first, then to memory. Values are
 * kept as JSON text and parsed per read, so callers get their own copy, as from the database.
 */
export function createLayeredCacheStore({
  shared,
  maxEntries = 10_000,
  maxLocalTtlMs = 30_000,
  onChange,
  now = Date.now,
}: CreateLayeredCacheStoreParameters): LayeredCacheStore {
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}.`)
  if (!(maxLocalTtlMs > 0))
    throw new RangeError(`maxLocalTtlMs must be a positive number, got ${maxLocalTtlMs}.`)
  const entries = new Map<string, LocalEntry>()
  /** Reads of `shared` in flight, by key: identical misses share one. */
  const reading = new Map<string, Promise<string | undefined>>()
  /** Bumped by every write, delete or invalidation: a read that started before stores nothing. */
  let generation = 0

  const remember = (key: string, json: string, ttlMs: number) => {
    entries.delete(key)
    if (entries.size >= maxEntries) {
      // A Map iterates in insertion order, and a hit re-inserts: the first key is the least
      // recently used.
      const oldest = entries.keys().next().value
      if (oldest !== undefined) entries.delete(oldest)
    }
    entries.set(key, { json, expiresAt: now() + Math.min(ttlMs, maxLocalTtlMs) })
  }

  const readLocal = (key: string): LocalEntry | undefined => {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    // Most recently used: last in the map.
    entries.delete(key)
    entries.set(key, entry)
    return entry
  }

  const readShared = (key: string): Promise<string | undefined> => {
    const inFlight = reading.get(key)
    if (inFlight) return inFlight
    const started = generation
    const read = (async () => {
      if (!shared.getEntry) {
        // Without the entry's expiry nothing is kept here: the value is read through.
        const value = await shared.get<unknown>(key)
        return value === undefined ? undefined : JSON.stringify(value)
      }
      const entry: CacheEntry | undefined = await shared.getEntry(key)
      if (!entry) return undefined
      if (generation === started) remember(key, entry.json, entry.ttlMs)
      return entry.json
    })().finally(() => {
      if (reading.get(key) === read) reading.delete(key)
    })
    reading.set(key, read)
    return read
  }

  const forget = (key?: string) => {
    generation++
    if (key === undefined) {
      entries.clear()
      reading.clear()
    } else {
      entries.delete(key)
      reading.delete(key)
    }
  }

  const getEntry = async (key: string): Promise<CacheEntry | undefined> => {
    const local = readLocal(key)
    if (local) return { json: local.json, ttlMs: local.expiresAt - now() }
    const json = await readShared(key)
    if (json === undefined) return undefined
    const stored = entries.get(key)
    return { json, ttlMs: stored ? Math.max(1, stored.expiresAt - now()) : 1 }
  }

  return {
    async get<value>(key: string) {
      const local = readLocal(key)
      const json = local ? local.json : await readShared(key)
      return json === undefined ? undefined : (JSON.parse(json) as value)
    },
    getEntry,
    async set(key, value, ttlMs) {
      forget(key)
      await shared.set(key, value, ttlMs)
      forget(key)
      remember(key, JSON.stringify(value ?? null), ttlMs)
      onChange?.(key)
    },
    async delete(key) {
      forget(key)
      await shared.delete(key)
      forget(key)
      onChange?.(key)
    },
    invalidate: forget,
  }
}
