import type { CacheStore } from '../stores/cacheStore.ts'

/** How often one key's `forceUpdate=true` is honoured while the chain has no new block. */
export const forceUpdateIntervalMs = 5_000

export type AllowForceUpdateParameters = {
  cache: CacheStore
  /**
   * The chain's head block number, read fresh (a cached head would hide the block of a send made
   * a moment ago); a failure counts as "no new block".
   */
  getHeadBlock: () => Promise<bigint>
  intervalMs?: number | undefined
}

/**
 * Whether a `forceUpdate` of `key` may skip the cache now. It is honoured when this key was
 * not refreshed within `intervalMs`, or when the chain has a block newer than the one the last
 * refresh read (a transfer the user just made is always seen). A client looping on
 * `forceUpdate=true` is therefore served from the cache, by every API process together (the
 * mark lives in the shared cache), and costs one `eth_blockNumber` per request.
 */
export async function allowForceUpdate(
  { cache, getHeadBlock, intervalMs = forceUpdateIntervalMs }: AllowForceUpdateParameters,
  { key }: { key: string },
): Promise<boolean> {
  const markKey = `force-update:v2:${key}`
  const mark = await cache.get<string>(markKey)
  const head = await getHeadBlock().catch(() => undefined)
  if (mark !== undefined && (head === undefined || head <= BigInt(mark))) return false
  await cache.set(markKey, String(head ?? 0n), intervalMs)
  return true
}
