import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotConnectedError } from '../errors/connector.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'
import type { ProviderRequestError } from '../errors/provider.ts'

export type ShowCallsStatusParameters = {
  /** The batch id `wallet_sendCalls` answered. */
  id: string
}

export type ShowCallsStatusReturnType = undefined

export type ShowCallsStatusErrorType = ConnectorNotConnectedError | ProviderRequestError

/**
 * Asks the connected wallet to show a batch of calls in its own interface (EIP-5792
 * `wallet_showCallsStatus`); a wallet that cannot is the wallet's error (`fromProviderError`).
 */
export async function showCallsStatus(
  config: LatchConfig,
  parameters: ShowCallsStatusParameters,
): Promise<ShowCallsStatusReturnType> {
  const state = config.getState()
  const connector = state.connectors.find((entry) => entry.id === state.connectorId)
  if (state.status !== 'connected' || !connector) throw new ConnectorNotConnectedError()
  try {
    const provider = await connector.getProvider()
    await provider.request({ method: 'wallet_showCallsStatus', params: [parameters.id] })
  } catch (error) {
    throw fromProviderError(error)
  }
  return undefined
}
