import { createModalRouter, type LatchConfig, reconnect } from '@latch/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { LatchContext, type LatchContextValue } from './context.ts'
import { createI18n } from './i18n/createI18n.ts'

export type LatchProviderProps = {
  config: LatchConfig
  /** Default: a client created once for this provider. */
  queryClient?: QueryClient | undefined
  /**
   * Locale code ('en', 'es', 'ar'); default: `config.options.locale`, else the browser's
   * languages, else English.
   */
  locale?: string | undefined
  /** Restore the last connection on mount (default true). */
  reconnectOnMount?: boolean | undefined
  children: ReactNode
}

/** Hands the config, the modal router and a TanStack Query client to every hook below it. */
export function LatchProvider(props: LatchProviderProps) {
  const { config, reconnectOnMount = true } = props
  const [queryClient] = useState(() => props.queryClient ?? new QueryClient())
  const configuredLocale = props.locale ?? config.options.locale
  const i18n = useMemo(() => createI18n(configuredLocale), [configuredLocale])
  const [state, setState] = useState(() => ({ config, modal: createModalRouter() }))
  if (state.config !== config) setState({ config, modal: createModalRouter() })
  const value = useMemo<LatchContextValue>(() => ({ ...state, i18n }), [state, i18n])

  useEffect(() => (reconnectOnMount ? reconnect(config) : undefined), [config, reconnectOnMount])

  return (
    <LatchContext value={value}>
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </LatchContext>
  )
}
