import type { LatchConfig } from '../createLatchConfig.ts'

/** The namespace a transfer runs on: the one asked for, else the connected wallet's. */
export function getTransferNamespace(config: LatchConfig, namespace: string | undefined): string {
  if (namespace) return namespace
  const state = config.getState()
  return (
    state.connectors.find((entry) => entry.id === state.connectorId)?.chainNamespace ?? 'eip155'
  )
}
