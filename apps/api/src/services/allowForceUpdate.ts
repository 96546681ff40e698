import type { CacheStore } from '../stores/cacheStore.ts'

/** How often one key's `forceUpdate=true` is honoured, at most. */
export const forceUpdateIntervalMs = 5_000

/**
 * Whether a `forceUpdate` of `key` may skip the cache now: at most once per
 * `forceUpdateIntervalMs` for every API process together (the mark lives in the shared cache),
 * so a client looping on `forceUpdate=true` is served from the cache, not from the chain.
 */
export async function allowForceUpdate(
  { cache, intervalMs = forceUpdateIntervalMs }: { cache: CacheStore; intervalMs?: number },
  { key }: { key: string },
): Promise<boolean> {
  const markKey = `force-update:v1:${key}`
  if (await cache.get<boolean>(markKey)) return false
  await cache.set(markKey, true, intervalMs)
  return true
}
