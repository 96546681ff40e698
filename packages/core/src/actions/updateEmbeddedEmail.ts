import type { EmbeddedUpdateEmailAction } from '../connectors/embeddedWalletTypes.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { getAuthConnector } from './getAuthConnector.ts'

/**
 * Starts changing the embedded wallet's email: codes go to the current address (primary) and
 * to the new one (secondary), entered in that order.
 */
export async function updateEmbeddedEmail(
  config: LatchConfig,
  parameters: { email: string },
): Promise<{ action: EmbeddedUpdateEmailAction }> {
  const { action } = await getAuthConnector(config).embedded.updateEmail(parameters.email)
  return { action }
}

/** The code sent to the current address; next, the code sent to the new one. */
export async function verifyEmbeddedEmailPrimaryOtp(
  config: LatchConfig,
  parameters: { otp: string },
): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
  const { action } = await getAuthConnector(config).embedded.updateEmailPrimaryOtp(parameters.otp)
  return { action }
}

/** The code sent to the new address: the change is done; returns the new email. */
export async function verifyEmbeddedEmailSecondaryOtp(
  config: LatchConfig,
  parameters: { otp: string },
): Promise<{ email: string }> {
  const { email } = await getAuthConnector(config).embedded.updateEmailSecondaryOtp(parameters.otp)
  config.storage.setEmail(email)
  return { email }
}
