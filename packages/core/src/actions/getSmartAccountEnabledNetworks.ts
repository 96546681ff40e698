import type { LatchConfig } from '../createLatchConfig.ts'
import type { AuthConnectorNotFoundError } from '../errors/authConnector.ts'
import type {
  EmbeddedWalletLoadError,
  EmbeddedWalletRequestError,
  EmbeddedWalletTimeoutError,
} from '../errors/embeddedWallet.ts'
import { getAuthConnector } from './getAuthConnector.ts'

/** The chain ids (of the app's networks) where the embedded wallet has a smart account. */
export type GetSmartAccountEnabledNetworksReturnType = readonly number[]

export type GetSmartAccountEnabledNetworksErrorType =
  | AuthConnectorNotFoundError
  | EmbeddedWalletLoadError
  | EmbeddedWalletRequestError
  | EmbeddedWalletTimeoutError

/**
 * The networks on which the embedded wallet offers a smart account (spec section 7, frame
 * message `getSmartAccountEnabledNetworks`): those whose bundler the API serves. Loads the
 * frame when it is not there yet.
 */
export async function getSmartAccountEnabledNetworks(
  config: LatchConfig,
): Promise<GetSmartAccountEnabledNetworksReturnType> {
  return getAuthConnector(config).embedded.getSmartAccountEnabledNetworks()
}
