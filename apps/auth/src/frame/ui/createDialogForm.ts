import { element } from './element.ts'

/**
 * A dialog's form: `children` above a Cancel / Continue row (Continue submits). The dialogs
 * wire the buttons' and the form's events themselves.
 */
export function createDialogForm(doc: Document, children: readonly Node[]) {
  const cancelButton = element(doc, 'button', {
    className: 'latch-button latch-button-secondary',
    text: 'Cancel',
    attributes: { type: 'button' },
  })
  const submitButton = element(doc, 'button', {
    className: 'latch-button latch-button-primary',
    text: 'Continue',
    attributes: { type: 'submit' },
  })
  const form = element(doc, 'form', { className: 'latch-form', attributes: { novalidate: '' } }, [
    ...children,
    element(doc, 'div', { className: 'latch-actions' }, [cancelButton, submitButton]),
  ])
  return { form, cancelButton, submitButton }
}
