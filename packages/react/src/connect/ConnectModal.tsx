import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react'
import '../styles/latch.css'
import './connectModal.css'

export type ConnectModalProps = {
  /** The dialog's accessible name and heading. */
  title: string
  onClose(): void
  /** Shows a Back button when set. */
  onBack?: (() => void) | undefined
  children: ReactNode
}

/**
 * The modal shell: a native modal `<dialog>` (top layer, inert background, focus moved in and
 * restored on close) labelled by its title, closed by Escape, the Close button or the backdrop.
 */
export function ConnectModal(props: ConnectModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(props.onClose)
  useLayoutEffect(() => {
    onCloseRef.current = props.onClose
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (dialog.open) dialog.close()
      if (previous?.isConnected) previous.focus()
    }
  }, [])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // Escape: keep the dialog open until React unmounts it, so state stays the source of truth.
    const onCancel = (event: Event) => {
      event.preventDefault()
      onCloseRef.current()
    }
    // A click whose target is the dialog itself landed on the backdrop.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current()
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('click', onClick)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('click', onClick)
    }
  }, [])

  return (
    <dialog ref={ref} className="latch-modal" aria-modal="true" aria-labelledby={titleId}>
      <div className="latch-modal__panel">
        <header className="latch-modal__header">
          {props.onBack ? (
            <button
              type="button"
              className="latch-icon-button"
              aria-label="Back"
              onClick={props.onBack}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
          ) : (
            <span className="latch-icon-button latch-icon-button--placeholder" />
          )}
          <h2 id={titleId} className="latch-modal__title">
            {props.title}
          </h2>
          <button
            type="button"
            className="latch-icon-button"
            aria-label="Close"
            onClick={props.onClose}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>
        <div className="latch-modal__body">{props.children}</div>
      </div>
    </dialog>
  )
}
