import type { LatchConfig } from '../createLatchConfig.ts'
import { ChainNotConfiguredError, ConnectorNotConnectedError } from '../errors/connector.ts'

/** The connected wallet's address, connector and network for a transfer on `chainId`. */
export function getTransferContext(config: LatchConfig, chainId?: number | undefined) {
  const state = config.getState()
  const connector = state.connectors.find((entry) => entry.id === state.connectorId)
  if (state.status !== 'connected' || !connector || !state.address)
    throw new ConnectorNotConnectedError()
  const id = chainId ?? state.chainId
  const network = config.networks.find((entry) => entry.id === id)
  if (!network || id === undefined) throw new ChainNotConfiguredError(id ?? 'unknown')
  return { connector, from: state.address, network }
}
