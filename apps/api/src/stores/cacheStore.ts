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
}
