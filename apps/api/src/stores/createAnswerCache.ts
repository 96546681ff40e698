export type CreateAnswerCacheParameters = {
  /** How long an answer is served from memory (default 5 s; 1 s with several API processes). */
  ttlMs?: number | undefined
  /** Answers kept at most; past it the least recently used go (default 2,000). */
  maxEntries?: number | undefined
  /** Bytes of answers (and their keys) kept at most (default 16 MiB); an answer over 1/8 of it is not kept. */
  maxBytes?: number | undefined
  /** The clock in ms (tests move it). */
  now?: (() => number) | undefined
}

/**
 * What a load produced: the answer, whether it may be kept (false: something was missing), and
 * at most how long (ms; the shortest life left of what it was built from, e.g. a cached balance
 * and its prices). Without `ttlMs` it is kept the cache's `ttlMs`.
 */
export type AnswerLoad = { value: unknown; cacheable: boolean; ttlMs?: number | undefined }

export type AnswerCache = {
  /**
   * The answer kept under `key` as UTF-8 JSON bytes, else `load()`'s (kept for `ttlMs` when it
   * is cacheable). Identical misses at the same time share one load. A failed load is not kept;
   * every waiter sees its error. Bytes, not text: a response body written as is, with no UTF-8
   * encoding of the whole page per request (a third of a warm history request's CPU at 19 KB).
   */
  read(key: string, load: () => Promise<AnswerLoad>): Promise<Uint8Array<ArrayBuffer>>
  /**
   * Forgets every answer, and every load in flight (it may have read before the change): the
   * indexer wrote or rolled back blocks.
   */
  invalidate(): void
  /**
   * Forgets the answer kept under `key`; loads in flight store nothing (they may have read
   * before the change): what it was built from was just rewritten (a forced balance refresh).
   */
  forget(key: string): void
  /** Answers kept now and their bytes (for tests and stats). */
  stats(): { entries: number; bytes: number }
}

const encoder = new TextEncoder()

type Entry = { body: Uint8Array<ArrayBuffer>; bytes: number; expiresAt: number }

/**
 * A bounded, short-lived in-process cache of whole API answers (history pages, NFT lists) as
 * JSON bytes: a warm request costs a map lookup, no query, no serialisation and no encoding. Freshness: the
 * indexer in this process calls `invalidate` after each committed range, rollback or reset;
 * answers also expire after `ttlMs`, which bounds how long another process's indexer writes,
 * past prices or NFT metadata that were missing stay unseen.
 */
export function createAnswerCache({
  ttlMs = 5_000,
  maxEntries = 2_000,
  maxBytes = 16 * 1024 * 1024,
  now = Date.now,
}: CreateAnswerCacheParameters = {}): AnswerCache {
  if (!(ttlMs > 0)) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}.`)
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}.`)
  if (!Number.isInteger(maxBytes) || maxBytes < 1)
    throw new RangeError(`maxBytes must be a positive integer, got ${maxBytes}.`)
  const maxEntryBytes = Math.floor(maxBytes / 8)
  const entries = new Map<string, Entry>()
  const loading = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()
  let bytes = 0
  /** Bumped by `invalidate`: a load that started before stores nothing. */
  let generation = 0

  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  const remember = (key: string, body: Uint8Array<ArrayBuffer>, lifeMs: number) => {
    const size = body.byteLength + Buffer.byteLength(key)
    if (size > maxEntryBytes) return
    drop(key)
    // A Map iterates in insertion order, and a hit re-inserts: the first key is the least
    // recently used.
    while (entries.size >= maxEntries || bytes + size > maxBytes) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      drop(oldest)
    }
    entries.set(key, { body, bytes: size, expiresAt: now() + lifeMs })
    bytes += size
  }

  return {
    read(key, load) {
      const entry = entries.get(key)
      if (entry) {
        if (entry.expiresAt > now()) {
          entries.delete(key)
          entries.set(key, entry)
          return Promise.resolve(entry.body)
        }
        drop(key)
      }
      const pending = loading.get(key)
      if (pending) return pending
      const started = generation
      const read = (async () => {
        const loaded = await load()
        const body = encoder.encode(JSON.stringify(loaded.value))
        const lifeMs = Math.min(ttlMs, loaded.ttlMs ?? ttlMs)
        if (loaded.cacheable && lifeMs > 0 && generation === started) remember(key, body, lifeMs)
        return body
      })().finally(() => {
        if (loading.get(key) === read) loading.delete(key)
      })
      loading.set(key, read)
      return read
    },
    invalidate() {
      generation++
      entries.clear()
      loading.clear()
      bytes = 0
    },
    forget(key) {
      generation++
      drop(key)
      loading.delete(key)
    },
    stats: () => ({ entries: entries.size, bytes }),
  }
}
