import { FrameUiCancelledError } from '../../errors/frameUi.ts'
import { maxPassphraseLength, minPassphraseLength } from '../../keys/passphraseRules.ts'
import { createDialogForm } from './createDialogForm.ts'
import { createTextField } from './createTextField.ts'
import { getNewPassphraseErrors } from './getNewPassphraseErrors.ts'
import { openDialog } from './openDialog.ts'

/**
 * Asks for a new recovery passphrase, twice (a new wallet; `account` names whose). Resolves with it once it has at
 * least 8 characters and both fields match; rejects with `FrameUiCancelledError` on Cancel or
 * Escape. The fields are emptied when the dialog closes.
 */
export function askNewPassphrase(
  host: HTMLElement,
  options: { account?: string | undefined } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const whose = options.account ? `your wallet for ${options.account}` : 'your wallet'
    const dialog = openDialog(host, {
      title: 'Set a recovery passphrase',
      description: `You will need it to use ${whose} on another device. Keep it somewhere safe: Latch cannot reset it or read it.`,
      onEscape: cancel,
    })
    const doc = dialog.document
    const passphrase = createTextField(doc, {
      id: 'latch-new-passphrase',
      label: 'Passphrase',
      type: 'password',
      autocomplete: 'new-password',
      hint: `At least ${minPassphraseLength} characters.`,
      maxLength: maxPassphraseLength * 2,
    })
    const repeat = createTextField(doc, {
      id: 'latch-new-passphrase-repeat',
      label: 'Repeat the passphrase',
      type: 'password',
      autocomplete: 'new-password',
      maxLength: maxPassphraseLength * 2,
    })
    const { form, cancelButton } = createDialogForm(doc, [passphrase.root, repeat.root])
    dialog.content.append(form)

    cancelButton.addEventListener('click', cancel)
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const errors = getNewPassphraseErrors(passphrase.input.value, repeat.input.value)
      passphrase.setError(errors.passphrase)
      repeat.setError(errors.repeat)
      if (errors.passphrase) return dialog.focus(passphrase.input)
      if (errors.repeat) return dialog.focus(repeat.input)
      const value = passphrase.input.value
      finish()
      resolve(value)
    })
    dialog.focus(passphrase.input)

    function finish() {
      passphrase.input.value = ''
      repeat.input.value = ''
      dialog.close()
    }
    function cancel() {
      finish()
      reject(new FrameUiCancelledError())
    }
  })
}
