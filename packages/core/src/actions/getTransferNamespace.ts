import type { LatchConfig } from '../createLatchConfig.ts'

/** The namespace a transfer runs on: the one asked for, else the active connection's. */
export function getTransferNamespace(config: LatchConfig, namespace: string | undefined): string {
  if (namespace) return namespace
  const state = config.getState()
  if (state.activeNamespace && state.activeNamespace !== 'eip155') return state.activeNamespace
  return (
    state.connectors.find((entry) => entry.id === state.connectorId)?.chainNamespace ?? 'eip155'
  )
}
