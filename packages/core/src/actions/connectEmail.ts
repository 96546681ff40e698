import type { EmbeddedEmailAction } from '../connectors/embeddedWalletTypes.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { AuthConnectorNotFoundError } from '../errors/authConnector.ts'
import type {
  EmailCooldownError,
  EmbeddedWalletLoadError,
  EmbeddedWalletRequestError,
  EmbeddedWalletTimeoutError,
  InvalidEmailError,
} from '../errors/embeddedWallet.ts'
import { getAuthConnector } from './getAuthConnector.ts'

export type ConnectEmailParameters = { email: string }

export type ConnectEmailReturnType = {
  /** VERIFY_OTP: a code was mailed; VERIFY_DEVICE: a link approving this device was mailed. */
  action: EmbeddedEmailAction
}

export type ConnectEmailErrorType =
  | AuthConnectorNotFoundError
  | EmailCooldownError
  | InvalidEmailError
  | EmbeddedWalletLoadError
  | EmbeddedWalletTimeoutError
  | EmbeddedWalletRequestError

/**
 * Starts an email sign-in in the embedded wallet (spec section 5): the frame mails a 6-digit
 * code, or to a known person on a new device a link that approves it. A new attempt within
 * 30 s is refused with 'Please try again after {n} seconds' (here and at the API). The email
 * is kept in local storage for the next time.
 */
export async function connectEmail(
  config: LatchConfig,
  parameters: ConnectEmailParameters,
): Promise<ConnectEmailReturnType> {
  const connector = getAuthConnector(config)
  const { action } = await connector.embedded.connectEmail(parameters.email)
  config.storage.setEmail(parameters.email.trim().toLowerCase())
  return { action }
}

/** Milliseconds until `connectEmail` may send again (0: now). */
export function getEmailCooldownMs(config: LatchConfig): number {
  return getAuthConnector(config).embedded.getEmailCooldownMs()
}
