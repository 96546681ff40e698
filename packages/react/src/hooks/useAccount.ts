import type { ConnectionStatus, Connector, LatchNetwork } from '@latch/core'
import { useConfig } from './useConfig.ts'
import { useLatchState } from './useLatchState.ts'

export type UseAccountReturnType = {
  status: ConnectionStatus
  isConnected: boolean
  address: string | undefined
  addresses: readonly string[]
  chainId: number | undefined
  /** The configured network the wallet is on, if it is one of them. */
  network: LatchNetwork | undefined
  connector: Connector | undefined
}

/** The connected account, its network and connector. */
export function useAccount(): UseAccountReturnType {
  const config = useConfig()
  const state = useLatchState()
  return {
    status: state.status,
    isConnected: state.status === 'connected',
    address: state.address,
    addresses: state.addresses,
    chainId: state.chainId,
    network: config.networks.find((network) => network.id === state.chainId),
    connector: state.connectors.find((connector) => connector.id === state.connectorId),
  }
}
