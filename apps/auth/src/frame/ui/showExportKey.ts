import type { Hex } from 'viem'
import { FrameUiCancelledError } from '../../errors/frameUi.ts'
import { createDialogForm } from './createDialogForm.ts'
import { createTextField } from './createTextField.ts'
import { element } from './element.ts'
import { normalizeOtp } from './normalizeOtp.ts'
import { openDialog } from './openDialog.ts'
import { toDialogErrorText } from './toDialogErrorText.ts'

export type ShowExportKeySteps = {
  /** The account's email; null when it has none (no code can be sent: the dialog says why). */
  email?: string | null | undefined
  /** Mails a fresh code; may answer the address it went to, which the dialog then names. */
  askCode(): Promise<unknown>
  /** Checks the code; throws (with a sentence for people) when it is wrong or expired. */
  verifyCode(otp: string): Promise<void>
  /** The private key, only after `verifyCode` succeeded. */
  revealKey(): Promise<Hex>
}

/**
 * The export dialog: mails a code, asks for it, then shows the private key with Copy and Done.
 * Resolves once the key was shown and the dialog closed (Done or Escape); rejects with
 * `FrameUiCancelledError` when cancelled before. The key's element is emptied on close.
 */
export function showExportKey(host: HTMLElement, steps: ShowExportKeySteps): Promise<void> {
  return new Promise((resolve, reject) => {
    let revealed = false
    const noEmail = steps.email === null
    const dialog = openDialog(host, {
      title: 'Export your private key',
      description: noEmail
        ? 'To keep your wallet safe, exporting its key needs a code sent to its email.'
        : 'To keep your wallet safe, enter the code we email you.',
      onEscape: () => (revealed ? done() : cancel()),
    })
    const doc = dialog.document

    // Step 1: the code.
    const status = element(doc, 'p', {
      className: 'latch-status',
      attributes: { role: 'status' },
    })
    const field = createTextField(doc, {
      id: 'latch-export-code',
      label: 'Code',
      autocomplete: 'one-time-code',
      inputMode: 'numeric',
      maxLength: 12,
    })
    const resendButton = element(doc, 'button', {
      className: 'latch-button latch-button-link',
      text: 'Send a new code',
      attributes: { type: 'button' },
    })
    const { form, cancelButton, submitButton } = createDialogForm(doc, [
      status,
      field.root,
      resendButton,
    ])
    dialog.content.append(form)

    // Step 2: the key (built when shown).
    let keyElement: HTMLElement | undefined

    cancelButton.addEventListener('click', cancel)
    resendButton.addEventListener('click', () => void sendCode())
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      if (form.getAttribute('aria-busy') === 'true') return
      const otp = normalizeOtp(field.input.value)
      if (!otp) {
        field.setError('Enter the 6-digit code from the email.')
        return dialog.focus(field.input)
      }
      field.setError(undefined)
      setBusy(true, 'Checking…')
      let key: Hex
      try {
        await steps.verifyCode(otp)
        if (dialog.closed) return
        key = await steps.revealKey()
      } catch (error) {
        if (dialog.closed) return
        setBusy(false)
        field.setError(toDialogErrorText(error))
        field.input.select()
        return dialog.focus(field.input)
      }
      if (dialog.closed) return
      showKey(key)
    })

    void sendCode()
    dialog.focus(field.input)

    async function sendCode() {
      status.textContent = noEmail ? 'Checking…' : 'Sending a code to your email…'
      resendButton.disabled = true
      try {
        const sentTo = await steps.askCode()
        if (dialog.closed) return
        status.textContent =
          typeof sentTo === 'string' && sentTo !== ''
            ? `We sent a 6-digit code to ${sentTo}.`
            : 'We sent a 6-digit code to your email.'
      } catch (error) {
        if (dialog.closed) return
        status.textContent = toDialogErrorText(error)
        // Without an email no code can come: the refusal is all there is to read.
        if (noEmail) {
          field.root.hidden = true
          resendButton.hidden = true
          submitButton.hidden = true
          cancelButton.textContent = 'Close'
          dialog.focus(cancelButton)
        }
      } finally {
        if (!dialog.closed) resendButton.disabled = false
      }
    }

    function setBusy(busy: boolean, label = 'Continue') {
      form.setAttribute('aria-busy', String(busy))
      field.input.readOnly = busy
      submitButton.disabled = busy
      submitButton.textContent = busy ? label : 'Continue'
    }

    function showKey(key: Hex) {
      revealed = true
      field.input.value = ''
      form.remove()
      dialog.setTitle('Your private key')
      dialog.setDescription(
        'Anyone with this key has full control of your wallet. Never share it and never paste it into a website.',
      )
      keyElement = element(doc, 'p', {
        className: 'latch-secret',
        text: key,
        attributes: { tabindex: '0', role: 'region', 'aria-label': 'Private key' },
      })
      const copyStatus = element(doc, 'p', {
        className: 'latch-status',
        attributes: { role: 'status' },
      })
      const copyButton = element(doc, 'button', {
        className: 'latch-button latch-button-secondary',
        text: 'Copy',
        attributes: { type: 'button' },
      })
      const doneButton = element(doc, 'button', {
        className: 'latch-button latch-button-primary',
        text: 'Done',
        attributes: { type: 'button' },
      })
      copyButton.addEventListener('click', async () => {
        const text = keyElement?.textContent ?? ''
        try {
          const clipboard = doc.defaultView?.navigator.clipboard
          if (!clipboard) throw new Error('No clipboard.')
          await clipboard.writeText(text)
          copyStatus.textContent = 'Copied.'
        } catch {
          selectContents(keyElement)
          copyStatus.textContent =
            'Could not copy: the key is selected, copy it with your keyboard.'
        }
      })
      doneButton.addEventListener('click', done)
      dialog.content.append(
        keyElement,
        copyStatus,
        element(doc, 'div', { className: 'latch-actions' }, [copyButton, doneButton]),
      )
      dialog.focus(keyElement)
    }

    function selectContents(node: HTMLElement | undefined) {
      const selection = doc.getSelection()
      if (!node || !selection) return
      const range = doc.createRange()
      range.selectNodeContents(node)
      selection.removeAllRanges()
      selection.addRange(range)
    }

    function close() {
      field.input.value = ''
      if (keyElement) keyElement.textContent = ''
      keyElement = undefined
      doc.getSelection()?.removeAllRanges()
      dialog.close()
    }
    function done() {
      if (dialog.closed) return
      close()
      resolve()
    }
    function cancel() {
      if (dialog.closed) return
      close()
      reject(new FrameUiCancelledError())
    }
  })
}
