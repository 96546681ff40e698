import type { LatchConfig } from '../createLatchConfig.ts'
import { disconnect } from './disconnect.ts'

/**
 * Signs out of the embedded wallet: the page disconnects at once and the frame revokes its
 * session at the API and forgets it (spec: sign out clears the session on both sides). The
 * stored email and social username are forgotten too.
 */
export async function signOutEmbedded(config: LatchConfig): Promise<void> {
  config.storage.removeEmail()
  config.storage.removeSocialUsername()
  await disconnect(config)
}
