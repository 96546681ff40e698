import type { ToastState, ToastStore } from '@latch/core'
import { useSyncExternalStore } from 'react'
import { useConfig } from '../hooks/useConfig.ts'

/** The config's toast store: `show({ variant, message })` and `hide()`. */
export function useToasts(): ToastStore {
  return useConfig().toasts
}

/** The toast to render, re-rendering as the store opens, replaces and hides it. */
export function useToastState(): ToastState {
  const { toasts } = useConfig()
  return useSyncExternalStore(toasts.subscribe, toasts.getState, toasts.getState)
}
