import {
  clearFarcasterUrl,
  createModalRouter,
  type LatchConfig,
  reconnect,
  reloadAuthConnector,
} from '@latch/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { loadAnalytics } from './analytics/loadAnalytics.ts'
import { LatchContext, type LatchContextValue } from './context.ts'
import { createI18n } from './i18n/createI18n.ts'
import { getLoadedMessages, loadLocaleMessages, pickLocale } from './i18n/locales.ts'
// The package's one stylesheet, every view's styles in one file (see styles/index.css): here,
// since every page renders the provider (an import in index.ts would be dropped, the index
// only re-exports).
import './styles/index.css'

export type LatchProviderProps = {
  config: LatchConfig
  /**
   * The TanStack Query client of Latch's views and query hooks. Default: one created on first
   * use by a view that queries (they load lazily, and TanStack Query with them). Pass one to
   * call query hooks such as `useBalance` from the app's own components.
   */
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

/**
 * The modal's router, with spec section 2's rule for leaving Farcaster sign-in while no
 * account is active: the Farcaster URL is cleared and, 100 ms later, the auth connector reloads.
 */
function createRouter(config: LatchConfig) {
  return createModalRouter({
    getActiveAddress: () => config.getState().address,
    clearFarcasterUrl: () => clearFarcasterUrl(config),
    reloadAuthConnector: () => reloadAuthConnector(config),
  })
}

/**
 * Hands the config, the modal router, the locale and the TanStack Query client (created on
 * first use unless the app passes one) to every hook below it.
 */
export function LatchProvider(props: LatchProviderProps) {
  const { config, reconnectOnMount = true } = props
  // Fixed at mount: the tree below keeps its shape.
  const [appClient] = useState(props.queryClient)
  const [queryClient] = useState(() => ({ current: appClient }))
  const configuredLocale = props.locale ?? config.options.locale
  // A locale whose table is not loaded yet speaks English until it arrives (apps avoid the
  // flash by awaiting `loadLocaleMessages` before the first render).
  const [loadedTables, setLoadedTables] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly loaded table changes the result
  const i18n = useMemo(() => createI18n(configuredLocale), [configuredLocale, loadedTables])
  useEffect(() => {
    const wanted = pickLocale(
      typeof navigator === 'undefined' ? [] : navigator.languages,
      configuredLocale,
    )
    if (getLoadedMessages(wanted)) return
    let active = true
    void loadLocaleMessages(wanted).then(() => {
      if (active) setLoadedTables((count) => count + 1)
    })
    return () => {
      active = false
    }
  }, [configuredLocale])
  const [state, setState] = useState(() => ({ config, modal: createRouter(config) }))
  if (state.config !== config) setState({ config, modal: createRouter(config) })
  const value = useMemo<LatchContextValue>(
    () => ({ ...state, i18n, queryClient }),
    [state, i18n, queryClient],
  )

  useEffect(() => (reconnectOnMount ? reconnect(config) : undefined), [config, reconnectOnMount])
  // Back from a social sign-in by redirect (popups blocked): finish it, the modal showing it.
  // (Only a look at the address here: the rest loads when it is there.)
  useEffect(() => {
    if (typeof location !== 'undefined' && location.hash.startsWith('#latch-social='))
      void import('./social/resumeSocialInModal.ts').then((module) =>
        module.resumeSocialInModal(state.config, state.modal),
      )
  }, [state])
  // Analytics loads in its own chunk after the first render, and sends only if the API says so.
  useEffect(() => loadAnalytics(state.config, state.modal), [state])

  return (
    <LatchContext.Provider value={value}>
      {appClient ? (
        <QueryClientProvider client={appClient}>{props.children}</QueryClientProvider>
      ) : (
        props.children
      )}
    </LatchContext.Provider>
  )
}
