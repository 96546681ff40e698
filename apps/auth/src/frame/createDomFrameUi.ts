import type { FrameUi } from './frameContext.ts'
import { askNewPassphrase } from './ui/askNewPassphrase.ts'
import { askPassphrase } from './ui/askPassphrase.ts'
import { confirmRequest } from './ui/confirmRequest.ts'
import { showExportKey } from './ui/showExportKey.ts'

/** The frame's dialogs in `host`, and the theme on the document (`data-theme`). */
export function createDomFrameUi(host: HTMLElement): FrameUi {
  const root = host.ownerDocument.documentElement
  return {
    askNewPassphrase: () => askNewPassphrase(host),
    askPassphrase: (options) => askPassphrase(host, options),
    confirmRequest: (request) => confirmRequest(host, request),
    showExportKey: (steps) => showExportKey(host, steps),
    setTheme(mode) {
      root.dataset.theme = mode
      root.style.colorScheme = mode
    },
  }
}
