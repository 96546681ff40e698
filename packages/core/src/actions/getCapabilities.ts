import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotConnectedError } from '../errors/connector.ts'
import { SmartAccountsUnsupportedError } from '../errors/eip5792.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'
import { ChainNotSupportedError } from '../errors/network.ts'
import { UserRejectedRequestError } from '../errors/provider.ts'

export type GetCapabilitiesParameters = {
  /** The chain to ask about; default the wallet's current chain. */
  chainId?: number | undefined
}

/** The wallet's EIP-5792 capabilities on the chain ("atomic", "paymasterService", ...). */
export type GetCapabilitiesReturnType = Record<string, unknown>

export type GetCapabilitiesErrorType =
  | ConnectorNotConnectedError
  | SmartAccountsUnsupportedError
  | ChainNotSupportedError
  | UserRejectedRequestError

/**
 * Asks the connected wallet for its EIP-5792 capabilities on a chain (`wallet_getCapabilities`,
 * spec section 7). A wallet without the method, or that did not approve it for this app, is a
 * `SmartAccountsUnsupportedError` ('This application might not support Smart Accounts'); an
 * answer without the chain is a `ChainNotSupportedError` ('Chain is not supported').
 */
export async function getCapabilities(
  config: LatchConfig,
  parameters: GetCapabilitiesParameters = {},
): Promise<GetCapabilitiesReturnType> {
  const state = config.getState()
  const connector = state.connectors.find((entry) => entry.id === state.connectorId)
  const address = state.address
  if (state.status !== 'connected' || !connector || !address) throw new ConnectorNotConnectedError()
  const chainId = parameters.chainId ?? state.chainId
  if (chainId === undefined) throw new ConnectorNotConnectedError()
  const chainHex = `0x${chainId.toString(16)}`
  let answer: unknown
  try {
    const provider = await connector.getProvider()
    answer = await provider.request({
      method: 'wallet_getCapabilities',
      params: [address, [chainHex]],
    })
  } catch (cause) {
    const error = fromProviderError(cause)
    if (error instanceof UserRejectedRequestError) throw error
    throw new SmartAccountsUnsupportedError({ cause: error })
  }
  if (typeof answer !== 'object' || answer === null)
    throw new SmartAccountsUnsupportedError({ details: 'The wallet answered no capabilities.' })
  const byChain = answer as Record<string, unknown>
  const capabilities = byChain[chainHex] ?? byChain[String(chainId)]
  if (typeof capabilities !== 'object' || capabilities === null)
    throw new ChainNotSupportedError(chainId)
  return capabilities as Record<string, unknown>
}
