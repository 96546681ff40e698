import type { NftFetchError } from '../../errors/nfts.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createSharedTasks } from '../fetch/createSharedTasks.ts'
import { isBusyError } from '../fetch/isBusyError.ts'
import { type FetchNftImageReturnType, fetchNftImage } from './fetchNftImage.ts'
import { toNftFetchError } from './openUrl.ts'

export type CreateNftImageCacheParameters = {
  fetch: GuardedFetch
  ipfsGateway?: string | undefined
  /** Bytes of images kept at most (default 64 MiB); the least recently used go first. */
  maxCacheBytes?: number | undefined
  /** Largest single image (default 5 MiB). */
  maxImageBytes?: number | undefined
  /** How long an image is kept (default 1 h) and a failure remembered (default 60 s). */
  ttlMs?: number | undefined
  failedTtlMs?: number | undefined
  timeoutMs?: number | undefined
  now?: (() => number) | undefined
}

export type NftImageCache = ReturnType<typeof createNftImageCache>

type Entry =
  | { ok: true; image: FetchNftImageReturnType; expires: number; bytes: number }
  | { ok: false; error: NftFetchError; expires: number; bytes: number }

/**
 * NFT images by URL through a bounded in-process LRU: a hit is served without a fetch,
 * concurrent misses share one fetch, and a failure is remembered briefly, so a popular or a
 * broken image costs one outbound request per TTL, not one per view.
 */
export function createNftImageCache({
  fetch,
  ipfsGateway,
  maxCacheBytes = 64 * 1024 * 1024,
  maxImageBytes = 5 * 1024 * 1024,
  ttlMs = 60 * 60_000,
  failedTtlMs = 60_000,
  timeoutMs = 10_000,
  now = Date.now,
}: CreateNftImageCacheParameters) {
  const entries = new Map<string, Entry>()
  const tasks = createSharedTasks<FetchNftImageReturnType>()
  let cachedBytes = 0

  const remove = (url: string) => {
    const entry = entries.get(url)
    if (!entry) return
    entries.delete(url)
    cachedBytes -= entry.bytes
  }
  const store = (url: string, entry: Entry) => {
    remove(url)
    if (entry.bytes > maxCacheBytes) return
    entries.set(url, entry)
    cachedBytes += entry.bytes
    // Map order is insertion order: the first entries are the least recently used.
    for (const oldest of entries.keys()) {
      if (cachedBytes <= maxCacheBytes) break
      remove(oldest)
    }
  }

  return {
    /** The image at `url`, from the cache or fetched now (an NftFetchError when it cannot be). */
    async get(url: string, { signal }: { signal?: AbortSignal | undefined } = {}) {
      const entry = entries.get(url)
      if (entry && entry.expires > now()) {
        // Touch: move to the most recently used end.
        entries.delete(url)
        entries.set(url, entry)
        if (entry.ok) return entry.image
        throw entry.error
      }
      return tasks.run(url, signal, async (shared) => {
        try {
          const image = await fetchNftImage({
            fetch,
            ipfsGateway,
            url,
            maxBytes: maxImageBytes,
            timeoutMs,
            signal: shared,
          })
          store(url, {
            ok: true,
            image,
            expires: now() + ttlMs,
            bytes: image.body.byteLength + url.length,
          })
          return image
        } catch (error) {
          const failure = toNftFetchError(error)
          // Abandoned by every asker, or refused by our own cap: nothing was learnt about it.
          if (!shared.aborted && !isBusyError(error))
            store(url, {
              ok: false,
              error: failure,
              expires: now() + failedTtlMs,
              bytes: url.length + 200,
            })
          throw failure
        }
      })
    },

    /** Images and bytes held (for tests and diagnostics). */
    stats: () => ({ entries: entries.size, bytes: cachedBytes }),
  }
}
