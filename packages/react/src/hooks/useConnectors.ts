import type { Connector } from '@latch/core'
import { useLatchState } from './useLatchState.ts'

/** Every connector: announced wallets (as they arrive) then the configured ones. */
export function useConnectors(): readonly Connector[] {
  return useLatchState().connectors
}
