import { type GetWalletsReturnType, getWallets, walletsPageSize } from '@latch/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useConfig } from './useConfig.ts'
import { useDebouncedValue } from './useDebouncedValue.ts'

/** Spec section 9: a search returns up to 100 wallets, at least 300 ms after the last keystroke. */
export const searchResultsLimit = 100
export const searchDebounceMs = 300

/** The page after `pages`, or undefined once every wallet of `count` is loaded. */
export function getNextWalletsPage(
  lastPage: GetWalletsReturnType,
  pages: readonly GetWalletsReturnType[],
): number | undefined {
  const loaded = pages.reduce((total, page) => total + page.data.length, 0)
  return lastPage.data.length > 0 && loaded < lastPage.count ? pages.length + 1 : undefined
}

/** The search the API gets for what is typed: trimmed, and none when blank. */
export function toWalletSearch(typed: string): string | undefined {
  return typed.trim() || undefined
}

const isNoSearch = (search: string | undefined) => search === undefined

export type UseAllWalletsReturnType = {
  wallets: GetWalletsReturnType['data']
  /** Wallets matching (the search, when there is one), across every page. */
  count: number | undefined
  status: 'pending' | 'error' | 'success'
  error: Error | null
  /** A search is active (the results are one list of up to 100). */
  isSearch: boolean
  hasMore: boolean
  isLoadingMore: boolean
  /** Loading the next page failed; `retry` tries it again. */
  loadMoreFailed: boolean
  loadMore(): void
  retry(): void
}

/**
 * The AllWallets list: the registry in pages of 40, or, once the person has stopped typing
 * for 300 ms, the first 100 wallets matching the search.
 */
export function useAllWallets(typed: string): UseAllWalletsReturnType {
  const config = useConfig()
  const { includeWalletIds: include, excludeWalletIds: exclude } = config.options
  // A cleared box shows the full list at once; a typed one waits for the pause.
  const search = useDebouncedValue(toWalletSearch(typed), searchDebounceMs, isNoSearch)
  const baseKey = ['latch', 'wallets', config.apiUrl, config.projectId, { include, exclude }]

  const pages = useInfiniteQuery({
    queryKey: [...baseKey, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      getWallets(config, { page: pageParam, entries: walletsPageSize, include, exclude, signal }),
    initialPageParam: 1,
    getNextPageParam: getNextWalletsPage,
    enabled: search === undefined,
    staleTime: 5 * 60_000,
    retry: 1,
  })
  const results = useQuery({
    queryKey: [...baseKey, 'search', search],
    queryFn: ({ signal }) =>
      getWallets(config, {
        search,
        page: 1,
        entries: searchResultsLimit,
        include,
        exclude,
        signal,
      }),
    enabled: search !== undefined,
    staleTime: 5 * 60_000,
    retry: 1,
  })

  if (search !== undefined)
    return {
      wallets: results.data?.data ?? [],
      count: results.data?.count,
      status: results.status,
      error: results.error,
      isSearch: true,
      hasMore: false,
      isLoadingMore: false,
      loadMoreFailed: false,
      loadMore: () => {},
      retry: () => void results.refetch(),
    }
  const seen = new Set<string>()
  // A listing can move between pages while they load; show it once.
  const wallets = (pages.data?.pages ?? [])
    .flatMap((page) => page.data)
    .filter((wallet) => !seen.has(wallet.id) && Boolean(seen.add(wallet.id)))
  return {
    wallets,
    count: pages.data?.pages.at(-1)?.count,
    status: pages.status,
    error: pages.error,
    isSearch: false,
    hasMore: pages.hasNextPage && !pages.isFetchNextPageError,
    isLoadingMore: pages.isFetchingNextPage,
    loadMoreFailed: pages.isFetchNextPageError,
    loadMore: () => {
      if (pages.hasNextPage && !pages.isFetching) void pages.fetchNextPage()
    },
    retry: () => void (pages.isFetchNextPageError ? pages.fetchNextPage() : pages.refetch()),
  }
}
