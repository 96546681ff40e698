import type { FrameUi } from './frameContext.ts'
import { askNewPassphrase } from './ui/askNewPassphrase.ts'
import { askPassphrase } from './ui/askPassphrase.ts'
import { confirmRequest } from './ui/confirmRequest.ts'
import { showCallsStatus } from './ui/showCallsStatus.ts'
import { showExportKey } from './ui/showExportKey.ts'

/** The frame's dialogs in `host`, and the theme as `data-theme` on <html> (dialog.css reads it). */
export function createDomFrameUi(host: HTMLElement): FrameUi {
  const root = host.ownerDocument.documentElement
  return {
    askNewPassphrase: (options) => askNewPassphrase(host, options),
    askPassphrase: (options) => askPassphrase(host, options),
    confirmRequest: (request) => confirmRequest(host, request),
    showCallsStatus: (request) => showCallsStatus(host, request),
    showExportKey: (steps) => showExportKey(host, steps),
    setTheme(mode) {
      // On <html> only: a color-scheme on the document would make the browser paint the
      // frame's canvas opaque when it differs from the page's (the dialog sets its own).
      root.dataset.theme = mode
    },
  }
}
