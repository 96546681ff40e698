import { element } from './element.ts'
import { type ConfirmKind, getConfirmTitle } from './getConfirmTitle.ts'
import { openDialog } from './openDialog.ts'

export type ConfirmRequestParameters = {
  /** The site asking (the page's origin, as the frame saw it in postMessage). */
  origin: string
  networkName: string
  kind: ConfirmKind
  /** What is signed or sent, in order (message text, typed data, to, value, fee ...). */
  details: { label: string; value: string }[]
}

export type ConfirmRequestOptions = {
  /**
   * Approve stays disabled this long after the dialog appears, so a click aimed at the page
   * before the frame showed itself cannot land on it (clickjacking). 500 ms by default.
   */
  approveDelayMs?: number | undefined
}

/**
 * Shows what a site asks the wallet to sign or send (the site, the network, every detail) and
 * resolves `true` on Approve, `false` on Reject or Escape. Values are set as text, never HTML;
 * long ones wrap and scroll.
 */
export function confirmRequest(
  host: HTMLElement,
  request: ConfirmRequestParameters,
  options: ConfirmRequestOptions = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = openDialog(host, {
      title: getConfirmTitle(request.kind),
      description:
        request.kind === 'transaction'
          ? 'Check the details. The transaction cannot be undone once it is sent.'
          : 'Only sign if you trust this site. Check what it asks you to sign.',
      onEscape: () => answer(false),
    })
    const doc = dialog.document
    const rows = [
      { label: 'Site', value: request.origin, className: 'latch-detail latch-detail-origin' },
      { label: 'Network', value: request.networkName, className: 'latch-detail' },
      ...request.details.map((detail) => ({ ...detail, className: 'latch-detail' })),
    ]
    const list = element(
      doc,
      'dl',
      { className: 'latch-details' },
      rows.map((row) => {
        const value = element(doc, 'dd', { className: 'latch-detail-value', text: row.value })
        // Long values scroll inside their box: make the box reachable by keyboard to scroll it.
        if (row.value.length > 160 || row.value.includes('\n')) {
          value.classList.add('latch-detail-value-long')
          value.setAttribute('tabindex', '0')
          value.setAttribute('role', 'region')
          value.setAttribute('aria-label', row.label)
        }
        return element(doc, 'div', { className: row.className }, [
          element(doc, 'dt', { className: 'latch-detail-label', text: row.label }),
          value,
        ])
      }),
    )
    const rejectButton = element(doc, 'button', {
      className: 'latch-button latch-button-secondary',
      text: 'Reject',
      attributes: { type: 'button' },
    })
    const approveButton = element(doc, 'button', {
      className: 'latch-button latch-button-primary',
      text: request.kind === 'transaction' ? 'Approve and send' : 'Approve',
      attributes: { type: 'button' },
    })
    const delay = options.approveDelayMs ?? 500
    if (delay > 0) {
      approveButton.disabled = true
      setTimeout(() => {
        approveButton.disabled = false
      }, delay)
    }
    dialog.content.append(
      list,
      element(doc, 'div', { className: 'latch-actions' }, [rejectButton, approveButton]),
    )
    rejectButton.addEventListener('click', () => answer(false))
    approveButton.addEventListener('click', () => answer(true))
    // Reject first: Enter right after the dialog appears never approves by accident.
    dialog.focus(rejectButton)

    function answer(approved: boolean) {
      if (dialog.closed) return
      dialog.close()
      resolve(approved)
    }
  })
}
