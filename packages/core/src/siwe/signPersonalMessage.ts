import { stringToHex } from 'viem/utils'
import type { LatchConfig } from '../createLatchConfig.ts'
import {
  ConnectorNotConnectedError,
  ProviderRequestError,
  toConnectorError,
  UserRejectedRequestError,
} from '../errors/connector.ts'
import { SignatureDeclinedError } from '../errors/signature.ts'
import type { Hex } from '../types.ts'

export type SignPersonalMessageParameters = {
  /** The text to sign, as the wallet shows it. */
  message: string
}

export type SignPersonalMessageReturnType = { address: string; signature: Hex }

export type SignPersonalMessageErrorType =
  | ConnectorNotConnectedError
  | SignatureDeclinedError
  | ProviderRequestError

/**
 * Asks the connected wallet to sign `message` (EIP-191 `personal_sign`, through the
 * connector's provider) with the active address. Declining is a `SignatureDeclinedError`.
 */
export async function signPersonalMessage(
  config: LatchConfig,
  parameters: SignPersonalMessageParameters,
): Promise<SignPersonalMessageReturnType> {
  const state = config.getState()
  const connector = state.connectors.find((entry) => entry.id === state.connectorId)
  const address = state.address
  if (state.status !== 'connected' || !connector || !address) throw new ConnectorNotConnectedError()
  let signature: unknown
  try {
    const provider = await connector.getProvider()
    signature = await provider.request({
      method: 'personal_sign',
      params: [stringToHex(parameters.message), address],
    })
  } catch (error) {
    const connectorError = toConnectorError(error)
    if (connectorError instanceof UserRejectedRequestError)
      throw new SignatureDeclinedError({ cause: error })
    throw connectorError
  }
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
    throw new ProviderRequestError('The wallet answered without a signature.', {})
  return { address, signature: signature as Hex }
}
