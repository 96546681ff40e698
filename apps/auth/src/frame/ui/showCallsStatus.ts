import type { CallsStatusView } from '../frameContext.ts'
import { describeCallsStatus } from './describeCallsStatus.ts'
import { element } from './element.ts'
import { openDialog } from './openDialog.ts'

/** `wallet_showCallsStatus`: the batch's status and transactions, as text, until Close. */
export function showCallsStatus(host: HTMLElement, view: CallsStatusView): Promise<void> {
  return new Promise((resolve) => {
    const dialog = openDialog(host, {
      title: 'Batch status',
      description: `Calls asked by ${view.origin} on ${view.networkName}.`,
      onEscape: () => done(),
    })
    const doc = dialog.document
    const list = element(
      doc,
      'dl',
      { className: 'latch-details' },
      describeCallsStatus(view.status).map((row) =>
        element(doc, 'div', { className: 'latch-detail' }, [
          element(doc, 'dt', { className: 'latch-detail-label', text: row.label }),
          element(doc, 'dd', { className: 'latch-detail-value', text: row.value }),
        ]),
      ),
    )
    const close = element(doc, 'button', {
      className: 'latch-button latch-button-primary',
      text: 'Close',
      attributes: { type: 'button' },
    })
    close.addEventListener('click', () => done())
    dialog.content.append(list, element(doc, 'div', { className: 'latch-actions' }, [close]))
    dialog.focus(close)
    function done() {
      if (dialog.closed) return
      dialog.close()
      resolve()
    }
  })
}
