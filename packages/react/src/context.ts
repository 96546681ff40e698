import type { LatchConfig, ModalRouter } from '@latch/core'
import { createContext } from 'react'

export type LatchContextValue = {
  config: LatchConfig
  /** The connect modal's open state and view history (one per provider). */
  modal: ModalRouter
}

export const LatchContext = createContext<LatchContextValue | undefined>(undefined)
