import { FrameUiCancelledError } from '../../errors/frameUi.ts'
import { maxPassphraseLength } from '../../keys/passphraseRules.ts'
import { createDialogForm } from './createDialogForm.ts'
import { createTextField } from './createTextField.ts'
import { getPassphraseEntryError } from './getPassphraseEntryError.ts'
import { openDialog } from './openDialog.ts'
import { toDialogErrorText } from './toDialogErrorText.ts'

export type AskPassphraseOptions = {
  /** Whose wallet it is ("ada@example.com", "ada on GitHub"). */
  account?: string | undefined
  /** Shown at once under the field (for example after a wrong passphrase). */
  error?: string | undefined
  /**
   * Tries the passphrase while the dialog stays open (busy): when it throws, its message is
   * shown and the person can try again; the dialog resolves only once it succeeds.
   */
  verify?: ((passphrase: string) => Promise<void>) | undefined
}

/**
 * Asks for the recovery passphrase on a new device. Resolves with what was typed (after
 * `verify` accepted it, when given); rejects with `FrameUiCancelledError` on Cancel or Escape.
 */
export function askPassphrase(
  host: HTMLElement,
  options: AskPassphraseOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const dialog = openDialog(host, {
      title: 'Enter your recovery passphrase',
      description: `This device is new to ${
        options.account ? `your wallet for ${options.account}` : 'your wallet'
      }. Enter the recovery passphrase you set when you created it.`,
      onEscape: cancel,
    })
    const doc = dialog.document
    const field = createTextField(doc, {
      id: 'latch-passphrase',
      label: 'Recovery passphrase',
      type: 'password',
      autocomplete: 'current-password',
      maxLength: maxPassphraseLength * 2,
    })
    const { form, cancelButton, submitButton } = createDialogForm(doc, [field.root])
    dialog.content.append(form)
    field.setError(options.error)

    cancelButton.addEventListener('click', cancel)
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      if (form.getAttribute('aria-busy') === 'true') return
      const value = field.input.value
      const problem = getPassphraseEntryError(value)
      field.setError(problem)
      if (problem) return dialog.focus(field.input)
      if (options.verify) {
        setBusy(true)
        try {
          await options.verify(value)
        } catch (error) {
          if (dialog.closed) return
          setBusy(false)
          field.setError(toDialogErrorText(error))
          field.input.select()
          return dialog.focus(field.input)
        }
        if (dialog.closed) return
      }
      finish()
      resolve(value)
    })
    dialog.focus(field.input)

    function setBusy(busy: boolean) {
      form.setAttribute('aria-busy', String(busy))
      field.input.readOnly = busy
      submitButton.disabled = busy
      submitButton.textContent = busy ? 'Checking…' : 'Continue'
    }
    function finish() {
      field.input.value = ''
      dialog.close()
    }
    function cancel() {
      finish()
      reject(new FrameUiCancelledError())
    }
  })
}
