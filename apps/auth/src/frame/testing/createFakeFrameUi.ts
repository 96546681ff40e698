import { FrameUiCancelledError } from '../../errors/frameUi.ts'
import type { CallsStatusView, ConfirmRequest, ExportKeySteps, FrameUi } from '../frameContext.ts'

/**
 * The frame's dialogs played by a test: passphrases and answers are set beforehand, and
 * every confirmation and theme change is recorded. `cancel` makes the next dialog cancel.
 */
export function createFakeFrameUi() {
  const confirmations: ConfirmRequest[] = []
  const themes: string[] = []
  const callsStatuses: CallsStatusView[] = []
  const passphraseErrors: string[] = []
  /** What the export dialog was told of the account's email, and what it showed failing. */
  const exportEmails: (string | null)[] = []
  const exportErrors: string[] = []
  /** Whose wallet each passphrase dialog named. */
  const accounts: string[] = []
  const settings = {
    newPassphrase: 'correct horse battery staple',
    /** Tried in order by the passphrase dialog until one opens the share. */
    passphrases: ['correct horse battery staple'],
    approve: true,
    cancelNext: false,
    /** What the export dialog does: the code to type, and what it saw. */
    exportCode: async (): Promise<string> => {
      throw new Error('No export code set.')
    },
    exported: undefined as `0x${string}` | undefined,
  }
  const cancelled = () => {
    if (!settings.cancelNext) return false
    settings.cancelNext = false
    return true
  }
  const ui: FrameUi = {
    async askNewPassphrase({ account }) {
      accounts.push(account)
      if (cancelled()) throw new FrameUiCancelledError()
      return settings.newPassphrase
    },
    async askPassphrase({ account, verify }) {
      accounts.push(account)
      if (cancelled()) throw new FrameUiCancelledError()
      for (const passphrase of settings.passphrases) {
        try {
          await verify(passphrase)
          return passphrase
        } catch (error) {
          passphraseErrors.push(error instanceof Error ? error.message : String(error))
        }
      }
      throw new FrameUiCancelledError()
    },
    async confirmRequest(request) {
      confirmations.push(request)
      return !cancelled() && settings.approve
    },
    async showCallsStatus(view) {
      callsStatuses.push(view)
    },
    async showExportKey(steps: ExportKeySteps) {
      exportEmails.push(steps.email)
      if (cancelled()) throw new FrameUiCancelledError()
      try {
        await steps.askCode()
      } catch (error) {
        // The dialog shows why, and the person can only close it.
        exportErrors.push(error instanceof Error ? error.message : String(error))
        throw new FrameUiCancelledError()
      }
      await steps.verifyCode(await settings.exportCode())
      settings.exported = await steps.revealKey()
    },
    setTheme(mode) {
      themes.push(mode)
    },
  }
  return {
    ui,
    settings,
    confirmations,
    callsStatuses,
    themes,
    passphraseErrors,
    exportEmails,
    exportErrors,
    accounts,
  }
}
