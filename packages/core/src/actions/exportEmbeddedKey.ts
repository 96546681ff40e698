import type { LatchConfig } from '../createLatchConfig.ts'
import { getAuthConnector } from './getAuthConnector.ts'

/**
 * Exports the embedded wallet's private key: the frame mails a fresh code, asks for it in its
 * own dialog, then shows the key with a copy button. The key never reaches the page; this
 * resolves when the person closes the dialog.
 */
export async function exportEmbeddedKey(config: LatchConfig): Promise<void> {
  await getAuthConnector(config).embedded.exportKey()
}
