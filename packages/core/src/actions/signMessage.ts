import type { LatchConfig } from '../createLatchConfig.ts'
import {
  ConnectorNotConnectedError,
  ProviderRequestError,
  toConnectorError,
  UserRejectedRequestError,
} from '../errors/connector.ts'
import { SignatureDeclinedError } from '../errors/signature.ts'
import { findNamespaceConnector } from '../namespaces/findNamespaceConnector.ts'
import type { LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'

export type SignMessageParameters = {
  /** The text to sign, as the wallet shows it. */
  message: string
  /** Whose wallet signs; default the active namespace. */
  namespace?: LatchNamespace | undefined
}

export type SignMessageReturnType = {
  namespace: LatchNamespace
  address: string
  /**
   * eip155: the EIP-191 `personal_sign` signature (0x hex); solana: the ed25519 signature of
   * the message's UTF-8 bytes (base58); bip122: the BIP-322 signature (base64).
   */
  signature: string
}

export type SignMessageErrorType =
  | ConnectorNotConnectedError
  | SignatureDeclinedError
  | ProviderRequestError

const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/**
 * Asks a connected wallet to sign `message` with its active address: EVM wallets through
 * `personal_sign`, Solana wallets through `solana:signMessage`, Bitcoin wallets through
 * `bitcoin:signMessage` (BIP-322). Declining is a `SignatureDeclinedError`.
 */
export async function signMessage(
  config: LatchConfig,
  parameters: SignMessageParameters,
): Promise<SignMessageReturnType> {
  const state = config.getState()
  const namespace = parameters.namespace ?? state.activeNamespace
  const connection = namespace ? state.namespaces[namespace] : undefined
  if (!namespace || !connection) throw new ConnectorNotConnectedError()
  const { address } = connection
  try {
    if (namespace === 'eip155') {
      const connector = state.connectors.find((entry) => entry.id === connection.connectorId)
      if (!connector) throw new ConnectorNotConnectedError()
      const provider = await connector.getProvider()
      const signature = await provider.request({
        method: 'personal_sign',
        params: [toHex(parameters.message), address],
      })
      if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
        throw new ProviderRequestError('The wallet answered without a signature.', {})
      return { namespace, address, signature }
    }
    const connector = findNamespaceConnector(state, namespace, connection.connectorId)
    if (!connector) throw new ConnectorNotConnectedError()
    const signed = await connector.signMessage({ address, message: parameters.message })
    return { namespace, address, signature: signed.signature }
  } catch (error) {
    const connectorError = toConnectorError(error)
    if (connectorError instanceof UserRejectedRequestError)
      throw new SignatureDeclinedError({ cause: error })
    throw connectorError
  }
}
