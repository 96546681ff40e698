import { getRequestCache, type RequestState } from '@latch/core'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { afterNextPaint } from '../connect/afterNextPaint.ts'
import { useConfig } from './useConfig.ts'

/**
 * A request of the config's request cache (`getRequestCache`), rendered: its state now and on
 * each change, and `load` made on mount and when `key` changes (the cache de-duplicates and
 * keeps fresh answers). No key: nothing is loaded, the state stays pending. The load starts
 * once the frame showing the component is painted (`afterNextPaint`): the connect modal's
 * first view paints in the click's frame, its requests (and the code parsing their answers)
 * right after.
 */
export function useCachedRequest<data>(
  key: string | undefined,
  load: () => Promise<RequestState<data>>,
): RequestState<data> {
  const cache = getRequestCache(useConfig())
  const subscribe = useCallback(
    (listener: () => void) => (key === undefined ? () => {} : cache.subscribe(key, listener)),
    [cache, key],
  )
  const getSnapshot = () => cache.get<data>(key ?? '')
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per key and cache.
  useEffect(() => {
    if (key !== undefined)
      return afterNextPaint(() => {
        void load()
      })
  }, [cache, key])
  return state
}
