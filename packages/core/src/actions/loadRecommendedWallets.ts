import type { LatchConfig } from '../createLatchConfig.ts'
import { queryGcTimeMs } from '../timings.ts'
import { getRequestCache, type RequestState } from '../utils/createRequestCache.ts'
import { type GetWalletsReturnType, getWallets, walletsPageSize } from './getWallets.ts'

export type RecommendedWallets = {
  /** The registry's wallet count (the "All Wallets" badge). */
  count: number
  /** The featured wallets (in the app's order), then the registry's first page. */
  listings: GetWalletsReturnType['data']
}

/** The cache key of the recommended wallets in `getRequestCache(config)`. */
export const recommendedWalletsKey = 'wallets:recommended'

/**
 * Loads the registry's first page (its recommendation order, featured wallets first) and its
 * total count, for the Connect view, into the config's request cache: one request at a time,
 * retried once, kept 5 minutes. Never rejects: a failure is the state's `error`.
 */
export function loadRecommendedWallets(
  config: LatchConfig,
): Promise<RequestState<RecommendedWallets>> {
  const { featuredWalletIds, includeWalletIds, excludeWalletIds } = config.options
  return getRequestCache(config).load(
    recommendedWalletsKey,
    async () => {
      const filters = { include: includeWalletIds, exclude: excludeWalletIds }
      const [page, featured] = await Promise.all([
        getWallets(config, { ...filters, page: 1, entries: walletsPageSize }),
        featuredWalletIds?.length
          ? getWallets(config, {
              ...filters,
              include: featuredWalletIds.filter(
                (id) => !includeWalletIds || includeWalletIds.includes(id),
              ),
              entries: Math.min(featuredWalletIds.length, 100),
            })
          : undefined,
      ])
      const rank = (id: string) => featuredWalletIds?.indexOf(id) ?? 0
      const featuredFirst = (featured?.data ?? []).toSorted((a, b) => rank(a.id) - rank(b.id))
      return { count: page.count, listings: [...featuredFirst, ...page.data] }
    },
    { staleMs: queryGcTimeMs, retry: 1, reloadOnError: true },
  )
}
