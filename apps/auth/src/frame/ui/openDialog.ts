import './dialog.css'
import { element } from './element.ts'
import { getFocusableElements } from './getFocusableElements.ts'
import { getTrapTarget } from './getTrapTarget.ts'

export type OpenDialogParameters = {
  title: string
  description?: string | undefined
  /** Escape was pressed: the dialog decides what cancelling means (and closes itself). */
  onEscape(): void
}

export type Dialog = {
  document: Document
  /** The element with role="dialog". */
  dialog: HTMLElement
  /** Where the dialog puts its fields and buttons. */
  content: HTMLElement
  setTitle(text: string): void
  setDescription(text: string): void
  /** Moves focus to `target`, or to the first focusable element (the dialog itself if none). */
  focus(target?: HTMLElement | undefined): void
  /** Whether `close` was called (late async results are then ignored). */
  readonly closed: boolean
  /** Removes the dialog and its listeners and gives focus back. */
  close(): void
}

let dialogCount = 0

/**
 * The frame's modal dialog shell: a dimmed full-viewport backdrop and a labelled
 * role="dialog" (aria-modal) with a heading and description, focus kept inside (Tab wraps,
 * focus cannot leave), Escape handed to `onEscape`. Built with textContent only.
 */
export function openDialog(host: HTMLElement, parameters: OpenDialogParameters): Dialog {
  const doc = host.ownerDocument
  const id = `latch-dialog-${++dialogCount}`
  const previous = doc.activeElement
  let closed = false

  const heading = element(doc, 'h2', {
    className: 'latch-dialog-title',
    text: parameters.title,
    attributes: { id: `${id}-title` },
  })
  const description = element(doc, 'p', {
    className: 'latch-dialog-description',
    text: parameters.description ?? '',
    attributes: { id: `${id}-description` },
  })
  description.hidden = !parameters.description
  const content = element(doc, 'div', { className: 'latch-dialog-content' })
  const dialog = element(
    doc,
    'section',
    {
      className: 'latch-dialog',
      attributes: {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': heading.id,
        'aria-describedby': description.id,
        tabindex: '-1',
      },
    },
    [heading, description, content],
  )
  const backdrop = element(doc, 'div', { className: 'latch-backdrop' }, [dialog])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      parameters.onEscape()
      return
    }
    if (event.key !== 'Tab') return
    const focusables = getFocusableElements(dialog)
    if (focusables.length === 0) {
      event.preventDefault()
      dialog.focus()
      return
    }
    const target = getTrapTarget(
      focusables,
      doc.activeElement as HTMLElement | null,
      event.shiftKey,
    )
    if (target) {
      event.preventDefault()
      target.focus()
    }
  }
  // Focus that somehow lands outside (a click on the backdrop, script) comes back in.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Node && !dialog.contains(event.target)) focus()
  }
  // A press on the backdrop must not take focus away from the dialog.
  const onBackdropDown = (event: MouseEvent) => {
    if (event.target === backdrop) event.preventDefault()
  }

  // The focus the dialog asked for last. The frame is still hidden when a dialog opens (the
  // page shows it on the `show` event), so that first focus() does not take: the page then
  // focuses the iframe, and the frame's window gets a focus event with the body active.
  let wanted: HTMLElement | undefined
  function focus(target?: HTMLElement | undefined) {
    wanted = target ?? getFocusableElements(dialog)[0] ?? dialog
    wanted.focus()
  }
  const onWindowFocus = () => {
    const active = doc.activeElement
    if (active && active !== doc.body && dialog.contains(active)) return
    focus(wanted?.isConnected && dialog.contains(wanted) ? wanted : undefined)
  }
  const win = doc.defaultView

  doc.addEventListener('keydown', onKeyDown, true)
  doc.addEventListener('focusin', onFocusIn)
  win?.addEventListener('focus', onWindowFocus)
  backdrop.addEventListener('mousedown', onBackdropDown)
  host.append(backdrop)

  return {
    document: doc,
    dialog,
    content,
    setTitle(text) {
      heading.textContent = text
    },
    setDescription(text) {
      description.textContent = text
      description.hidden = !text
    },
    focus,
    get closed() {
      return closed
    },
    close() {
      if (closed) return
      closed = true
      doc.removeEventListener('keydown', onKeyDown, true)
      doc.removeEventListener('focusin', onFocusIn)
      win?.removeEventListener('focus', onWindowFocus)
      backdrop.remove()
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    },
  }
}
