export type ToastViewportProps = {
  toast: {
    open: boolean
    variant: 'success' | 'loading' | 'error'
    message: string
    /** Changes with every shown toast, so the same text twice is announced twice. */
    id: number
  }
  /** Accessible name of the notifications region. */
  label: string
}

function ToastIcon(props: { variant: ToastViewportProps['toast']['variant'] }) {
  if (props.variant === 'loading') return <span className="latch-spinner latch-toast__icon" />
  return (
    <svg className="latch-toast__icon" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      {props.variant === 'success' ? (
        <path d="M7.5 12.5l3 3 6-6.5" />
      ) : (
        <path d="M12 7v6M12 16.5v.01" />
      )}
    </svg>
  )
}

/**
 * One toast at a time, bottom centre: success and loading in a polite status region, errors
 * in an assertive alert region. The regions stay mounted so screen readers hear each new toast.
 */
export function ToastViewport(props: ToastViewportProps) {
  const { toast } = props
  const card = (
    <div
      key={toast.id}
      className={`latch-toast latch-toast--${toast.variant}`}
      data-open={toast.open}
      data-testid="latch-toast"
      data-variant={toast.variant}
      aria-hidden={toast.open ? undefined : 'true'}
    >
      <ToastIcon variant={toast.variant} />
      <span className="latch-toast__message">{toast.message}</span>
    </div>
  )
  const shown = toast.message !== ''
  return (
    <section className="latch-toasts" aria-label={props.label}>
      <div role="status" aria-atomic="true">
        {shown && toast.variant !== 'error' ? card : null}
      </div>
      <div role="alert" aria-atomic="true">
        {shown && toast.variant === 'error' ? card : null}
      </div>
    </section>
  )
}
