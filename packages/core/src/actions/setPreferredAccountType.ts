import type { EmbeddedAccountType, EmbeddedWalletUser } from '../connectors/embeddedWalletTypes.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { AuthConnectorNotFoundError } from '../errors/authConnector.ts'
import { ConnectorNotConnectedError } from '../errors/connector.ts'
import { SmartAccountsUnsupportedError } from '../errors/eip5792.ts'
import type {
  EmbeddedWalletRequestError,
  EmbeddedWalletTimeoutError,
} from '../errors/embeddedWallet.ts'
import { getAuthConnector } from './getAuthConnector.ts'

export type SetPreferredAccountTypeParameters = { type: EmbeddedAccountType }

/** The user after the switch: `address` is now the account of `type`. */
export type SetPreferredAccountTypeReturnType = EmbeddedWalletUser

export type SetPreferredAccountTypeErrorType =
  | AuthConnectorNotFoundError
  | ConnectorNotConnectedError
  | SmartAccountsUnsupportedError
  | EmbeddedWalletRequestError
  | EmbeddedWalletTimeoutError

/**
 * Switches the embedded wallet between its EOA and its smart account (spec section 3,
 * preferred account type; the frame keeps the choice per user). The connection's address
 * follows. Only while the embedded wallet is the connected one; a smart account on a network
 * that has none is a `SmartAccountsUnsupportedError` ('This application might not support
 * Smart Accounts').
 */
export async function setPreferredAccountType(
  config: LatchConfig,
  parameters: SetPreferredAccountTypeParameters,
): Promise<SetPreferredAccountTypeReturnType> {
  const connector = getAuthConnector(config)
  const state = config.getState()
  if (state.status !== 'connected' || state.connectorId !== connector.id)
    throw new ConnectorNotConnectedError()
  if (parameters.type === 'smartAccount' && state.chainId !== undefined) {
    const enabled = await connector.embedded.getSmartAccountEnabledNetworks()
    if (!enabled.includes(state.chainId))
      throw new SmartAccountsUnsupportedError({
        details: `The wallet has no smart account on chain ${state.chainId}.`,
      })
  }
  return connector.embedded.setPreferredAccountType(parameters.type)
}
