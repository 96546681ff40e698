import { loadRecommendedWallets, recommendedWalletsKey } from '@latch/core'
import { useCachedRequest } from './useCachedRequest.ts'
import { useConfig } from './useConfig.ts'

/**
 * The registry's first page (its recommendation order, featured wallets first) and its total
 * count, for the Connect view's recommended wallets and the "All Wallets" badge (core's
 * `loadRecommendedWallets`: no query library in the modal's first view).
 */
export function useRecommendedWallets() {
  const config = useConfig()
  const state = useCachedRequest(recommendedWalletsKey, () => loadRecommendedWallets(config))
  return { data: state.data, error: state.error, isPending: state.status === 'pending' }
}
