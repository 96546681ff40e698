import { isRestrictedTimeZone } from '@latch/core'
import { useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { getSwapFlow } from './getSwapFlow.ts'
import { getSwapMessages } from './swapMessages.ts'

/** The modal's Swap flow and its state, with the swap texts of the person's locale. */
export function useSwapFlow() {
  const config = useConfig()
  const { t, locale } = useMessages()
  const { router } = useConnectModal()
  const queryClient = useQueryClient()
  const ts = getSwapMessages(locale)
  const flow = getSwapFlow(router, config, { t, ts, queryClient })
  const state = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState)
  // Switched off, or a restricted time zone (spec section 9): no swaps, even by a direct route.
  const available =
    config.options.features.swaps &&
    !isRestrictedTimeZone(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
      config.options.restrictedTimeZones,
    )
  return { config, t, ts, locale, router, flow, state, available }
}
