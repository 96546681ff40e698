import { createModalRouter, type LatchConfig, reconnect } from '@latch/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { LatchContext, type LatchContextValue } from './context.ts'

export type LatchProviderProps = {
  config: LatchConfig
  /** Default: a client created once for this provider. */
  queryClient?: QueryClient | undefined
  /** Restore the last connection on mount (default true). */
  reconnectOnMount?: boolean | undefined
  children: ReactNode
}

/** Hands the config, the modal router and a TanStack Query client to every hook below it. */
export function LatchProvider(props: LatchProviderProps) {
  const { config, reconnectOnMount = true } = props
  const [queryClient] = useState(() => props.queryClient ?? new QueryClient())
  const [value, setValue] = useState<LatchContextValue>(() => ({
    config,
    modal: createModalRouter(),
  }))
  if (value.config !== config) setValue({ config, modal: createModalRouter() })

  useEffect(() => (reconnectOnMount ? reconnect(config) : undefined), [config, reconnectOnMount])

  return (
    <LatchContext value={value}>
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </LatchContext>
  )
}
