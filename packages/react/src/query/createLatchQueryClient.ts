import { queryGcTimeMs, queryRetryDelay } from '@latch/core'
import { QueryClient } from '@tanstack/react-query'

/**
 * The TanStack Query client Latch's views create when the app passes none, with spec section
 * 9's query defaults: a retry delay doubling from 1 s to 30 s, garbage collection after 5 min.
 */
export function createLatchQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retryDelay: queryRetryDelay, gcTime: queryGcTimeMs } },
  })
}
