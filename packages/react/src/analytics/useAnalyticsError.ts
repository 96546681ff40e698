import { useSyncExternalStore } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { analyticsErrorStore } from './analyticsErrorStore.ts'

/** The API's refusal of this app's analytics (a 403 from `/e`: 'Invalid App Configuration'). */
export function useAnalyticsError(): Error | undefined {
  const config = useConfig()
  return useSyncExternalStore(
    (listener) => analyticsErrorStore.subscribe(config, listener),
    () => analyticsErrorStore.get(config),
    () => undefined,
  )
}
