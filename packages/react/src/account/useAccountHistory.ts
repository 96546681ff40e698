import { useInfiniteQuery } from '@tanstack/react-query'
import { useConfig } from '../hooks/useConfig.ts'
import { type HistoryQueryParameters, historyQueryOptions } from './historyQueryOptions.ts'

/** The account's activity, page by page; `loadMore` fetches the next (older) page once. */
export function useAccountHistory(parameters: HistoryQueryParameters) {
  const query = useInfiniteQuery(historyQueryOptions(useConfig(), parameters))
  return {
    transactions: query.data?.pages.flatMap((page) => page.data),
    status: query.status,
    hasMore: query.hasNextPage && !query.isFetchNextPageError,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage()
    },
    retry: () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch()),
  }
}
