/**
 * A shared cache of JSON values with a time to live. Backed by the database, so every API
 * process sees the same entries; expired entries read as missing.
 */
export type CacheStore = {
  /** The value stored under `key`, or undefined when there is none or it has expired. */
  get<value>(key: string): Promise<value | undefined>
  /** Stores a JSON-serializable value (no bigints, no undefined) for `ttlMs` milliseconds. */
  set(key: string, value: unknown, ttlMs: number): Promise<void>
  delete(key: string): Promise<void>
  /**
   * The stored JSON text of `key` and how many ms it stays fresh, or undefined like `get`: lets
   * an in-process layer (`createLayeredCacheStore`) keep a copy no longer than the entry lives.
   */
  getEntry?(key: string): Promise<CacheEntry | undefined>
}

/** A cache entry as stored: its JSON text and the ms left before it expires. */
export type CacheEntry = { json: string; ttlMs: number }
