import type { LatchState } from '@latch/core'
import { useSyncExternalStore } from 'react'
import { useConfig } from './useConfig.ts'

/** The config's whole state, re-rendering on every change. */
export function useLatchState(): LatchState {
  const config = useConfig()
  return useSyncExternalStore(config.subscribe, config.getState, config.getState)
}
