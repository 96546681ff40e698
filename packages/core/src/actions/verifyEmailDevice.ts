import type { EmbeddedEmailAction } from '../connectors/embeddedWalletTypes.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { getAuthConnector } from './getAuthConnector.ts'

export type VerifyEmailDeviceReturnType = {
  /** VERIFY_OTP once the link was followed (a code is then mailed); else VERIFY_DEVICE still. */
  action: EmbeddedEmailAction
}

/** After the person followed the device-approval link: asks the embedded wallet to go on. */
export async function verifyEmailDevice(config: LatchConfig): Promise<VerifyEmailDeviceReturnType> {
  const { action } = await getAuthConnector(config).embedded.connectDevice()
  return { action }
}
