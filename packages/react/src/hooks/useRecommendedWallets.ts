import { getWallets, walletsPageSize } from '@latch/core'
import { useQuery } from '@tanstack/react-query'
import { useConfig } from './useConfig.ts'

/**
 * The registry's first page (its recommendation order, featured wallets first) and its total
 * count, for the Connect view's recommended wallets and the "All Wallets" badge.
 */
export function useRecommendedWallets() {
  const config = useConfig()
  const { featuredWalletIds, includeWalletIds, excludeWalletIds } = config.options
  return useQuery({
    queryKey: [
      'latch',
      'wallets',
      config.apiUrl,
      config.projectId,
      'recommended',
      { featuredWalletIds, includeWalletIds, excludeWalletIds },
    ],
    queryFn: async ({ signal }) => {
      const filters = { include: includeWalletIds, exclude: excludeWalletIds, signal }
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
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    retry: 1,
  })
}
