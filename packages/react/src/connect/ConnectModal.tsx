import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useAnimatedHeight } from '../hooks/useAnimatedHeight.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { Toasts } from '../toasts/Toasts.tsx'
import { ModalCloseButton } from './ModalCloseButton.tsx'

export type ConnectModalProps = {
  /** The current view's title, shown as the heading. */
  title: string
  /** The dialog's accessible name; default `title`. */
  label?: string | undefined
  /** Identifies the current view: a change plays the view transition and moves focus into it. */
  viewKey: string
  onClose(): void
  /** Shows a Back button when set. */
  onBack?: (() => void) | undefined
  /** Shakes the modal (500 ms) whenever this changes to a new truthy value (a failed attempt). */
  shake?: unknown
  /** Read out politely by screen readers when it changes ("Connecting to …"). */
  announcement?: string | undefined
  children: ReactNode
}

/**
 * The modal shell: a native modal `<dialog>` (top layer, inert background, focus kept inside
 * and restored to the opener on close) closed by Escape, the Close button or the backdrop.
 * Views cross-fade (150 ms), the title fades (120 ms), the height follows the content (150 ms)
 * and a failure shakes the modal (500 ms); none of it under `prefers-reduced-motion`.
 */
export function ConnectModal(props: ConnectModalProps) {
  const { t, dir, locale } = useMessages()
  const ref = useRef<HTMLDialogElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
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
    // Without scrolling to it: the view opens at its top (the email field and the social
    // buttons above the first wallet stay in sight, on a phone too).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true })
    return () => {
      if (dialog.open) dialog.close()
      if (previous?.isConnected) previous.focus()
    }
  }, [])
  // After `showModal` (layout effects run in order): the first height is measured on the open
  // dialog, so the first view shows at its full height in the click's frame. Measured on the
  // closed dialog it was 0 and the body grew from nothing over 150 ms.
  useAnimatedHeight(bodyRef, contentRef)

  // A new view: move focus into it (its first control marked data-autofocus, else the title),
  // so keyboard and screen-reader users continue from the view they are now on.
  const firstView = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new view
  useLayoutEffect(() => {
    if (firstView.current) {
      firstView.current = false
      return
    }
    const target =
      contentRef.current?.querySelector<HTMLElement>('[data-autofocus]') ?? titleRef.current
    target?.focus({ preventScroll: true })
  }, [props.viewKey])

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

  const [shaking, setShaking] = useState(false)
  useEffect(() => {
    if (!props.shake) return
    setShaking(true)
    const timer = setTimeout(() => setShaking(false), 500)
    return () => clearTimeout(timer)
  }, [props.shake])

  const label = props.label ?? props.title
  return (
    <dialog
      ref={ref}
      className="latch-modal"
      dir={dir}
      lang={locale}
      aria-modal="true"
      aria-labelledby={label === props.title ? titleId : undefined}
      aria-label={label === props.title ? undefined : label}
    >
      <div className={`latch-modal__panel${shaking ? ' is-shaking' : ''}`}>
        <div className="latch-modal__header">
          {props.onBack ? (
            <button
              type="button"
              className="latch-icon-button latch-icon-button--back"
              aria-label={t('modal.back')}
              onClick={props.onBack}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
          ) : (
            <span className="latch-icon-button latch-icon-button--placeholder" />
          )}
          <h2 ref={titleRef} id={titleId} className="latch-modal__title" tabIndex={-1}>
            <span key={props.title} className="latch-modal__title-text">
              {props.title}
            </span>
          </h2>
          <ModalCloseButton onClose={props.onClose} />
        </div>
        <div ref={bodyRef} className="latch-modal__body">
          <div ref={contentRef} className="latch-modal__content">
            <div key={props.viewKey} className="latch-modal__view">
              {props.children}
            </div>
          </div>
        </div>
        <p className="latch-visually-hidden" role="status">
          {props.announcement}
        </p>
      </div>
      {/* Inside the dialog: anything outside a modal dialog is inert under its backdrop. */}
      <Toasts placement="modal" />
    </dialog>
  )
}
