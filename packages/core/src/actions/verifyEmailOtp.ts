import type { LatchConfig } from '../createLatchConfig.ts'
import { type ConnectParameters, type ConnectReturnType, connect } from './connect.ts'
import { getAuthConnector } from './getAuthConnector.ts'

export type VerifyEmailOtpParameters = {
  /** The 6-digit code from the email. */
  otp: string
  chainId?: ConnectParameters['chainId']
}

/**
 * Checks the code from the email in the embedded wallet, then connects it through the `connect`
 * action (status `connecting` -> `connected`): the frame creates the wallet on the first
 * sign-in, or recovers it on a new device, asking for the recovery passphrase in its own UI.
 */
export async function verifyEmailOtp(
  config: LatchConfig,
  parameters: VerifyEmailOtpParameters,
): Promise<ConnectReturnType> {
  const connector = getAuthConnector(config)
  await connector.embedded.connectOtp(parameters.otp)
  const result = await connect(config, {
    connectorId: connector.id,
    chainId: parameters.chainId,
  })
  const email = connector.embedded.getUser()?.email
  if (email) config.storage.setEmail(email)
  return result
}
