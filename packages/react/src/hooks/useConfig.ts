import type { LatchConfig } from '@latch/core'
import { useContext } from 'react'
import { LatchContext, type LatchContextValue } from '../context.ts'

/** The context of the nearest `LatchProvider`. */
export function useLatchContext(): LatchContextValue {
  const value = useContext(LatchContext)
  if (!value) throw new Error('Latch hooks must be used inside <LatchProvider>.')
  return value
}

/** The `LatchConfig` of the nearest `LatchProvider`. */
export function useConfig(): LatchConfig {
  return useLatchContext().config
}
