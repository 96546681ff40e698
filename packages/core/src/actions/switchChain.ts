import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { SwitchChainError } from '../errors/chain.ts'
import { ChainNotConfiguredError } from '../errors/connector.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'
import {
  ChainDisconnectedError,
  ProviderDisconnectedError,
  UnauthorizedProviderError,
  UserRejectedRequestError,
} from '../errors/provider.ts'
import { setNamespaceConnection } from '../namespaces/setNamespaceConnection.ts'
import type { Eip1193Provider } from '../types.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { rememberChain } from './watchConnector.ts'

export type SwitchChainParameters = {
  chainId: number
}

/** The network now active. */
export type SwitchChainReturnType = LatchNetwork

export type SwitchChainErrorType =
  | ChainNotConfiguredError
  | SwitchChainError
  | UserRejectedRequestError
  | UnauthorizedProviderError
  | ProviderDisconnectedError
  | ChainDisconnectedError

/** EIP-1193 / EIP-3085: the wallet does not know the chain yet. */
const unrecognizedChainCode = 4902

/** A wallet error's code, also where MetaMask Mobile nests it (`data.originalError.code`). */
function errorCode(error: unknown): number | undefined {
  const read = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number'
      ? value.code
      : undefined
  const nested = (error as { data?: { originalError?: unknown } } | null)?.data?.originalError
  return read(error) ?? read(nested)
}

const toHex = (chainId: number) => `0x${chainId.toString(16)}`

async function requestSwitch(provider: Eip1193Provider, chainId: number): Promise<void> {
  await provider.request({
    method: 'wallet_switchEthereumChain',
    params: [{ chainId: toHex(chainId) }],
  })
}

/**
 * Switches the wallet to a configured network: `wallet_switchEthereumChain`, and when the
 * wallet does not know the chain (4902), `wallet_addEthereumChain` with the network's name,
 * currency and RPC, then the switch again. A refusal in the wallet is a
 * `UserRejectedRequestError`; 4100, 4900 and 4901 their own errors; any other failure a
 * `SwitchChainError` (4902). Without a connected EVM
 * wallet it only records the network, used by the next connection. The EVM connection becomes
 * the active one (a Solana or Bitcoin wallet connected beside it stays connected).
 */
export async function switchChain(
  config: LatchConfig,
  parameters: SwitchChainParameters,
): Promise<SwitchChainReturnType> {
  const { chainId } = parameters
  const network = config.networks.find((n) => n.id === chainId)
  if (!network) throw new ChainNotConfiguredError(chainId)

  const state = config.getState()
  const connection = state.namespaces.eip155
  const connector = state.connectors.find((c) => c.id === connection?.connectorId)
  if (!connection || !connector) {
    rememberChain(config, chainId)
    return network
  }
  if (connection.chainId === chainId) {
    // Another namespace was active: the EVM connection is again.
    if (state.activeNamespace !== 'eip155')
      setNamespaceConnection(config, 'eip155', connection, { activate: true })
    rememberChain(config, chainId)
    return network
  }

  try {
    const provider = await connector.getProvider()
    try {
      await requestSwitch(provider, chainId)
    } catch (error) {
      if (errorCode(error) !== unrecognizedChainCode) throw error
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: toHex(chainId),
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: [network.rpcUrl],
            ...(network.blockExplorerUrl ? { blockExplorerUrls: [network.blockExplorerUrl] } : {}),
          },
        ],
      })
      await requestSwitch(provider, chainId)
    }
  } catch (error) {
    // The person declined, or the wallet is not authorized or not connected: said as such.
    const walletError = fromProviderError(error, { chainId })
    config.logs?.error('Switching the chain failed.', { chainId, error })
    if (
      walletError instanceof UserRejectedRequestError ||
      walletError instanceof UnauthorizedProviderError ||
      walletError instanceof ProviderDisconnectedError ||
      walletError instanceof ChainDisconnectedError
    )
      throw walletError
    throw new SwitchChainError(chainId, error)
  }

  // The wallet's chainChanged event says the same; a wallet that omits it is covered too.
  const current = config.getState().namespaces.eip155
  if (current?.connectorId === connector.id)
    setNamespaceConnection(
      config,
      'eip155',
      { ...current, chainId, caipNetworkId: network.caipNetworkId as CaipNetworkId },
      { activate: true },
    )
  rememberChain(config, chainId)
  return network
}
