import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useLatchContext } from '../hooks/useConfig.ts'
import { createLatchQueryClient } from './createLatchQueryClient.ts'

/**
 * Hands the provider's TanStack Query client to the views below it, creating the client on
 * first use. Lazily loaded views (the connect modal, the account panel) wrap themselves in
 * it, so TanStack Query's code loads with them and stays out of the page's first chunk.
 */
export function LatchQueryProvider(props: { children: ReactNode }) {
  const holder = useLatchContext().queryClient
  // One client per LatchProvider, shared by every view that queries.
  holder.current ??= createLatchQueryClient()
  return <QueryClientProvider client={holder.current}>{props.children}</QueryClientProvider>
}
