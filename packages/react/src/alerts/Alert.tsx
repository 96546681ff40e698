import type { ReactNode } from 'react'

export type AlertProps = {
  title: string
  text: string
  /** A button under the text, e.g. "Try again". */
  action?: { label: string; onClick(): void } | undefined
  /** Renders the title as a heading of this level; default a bold paragraph. */
  headingLevel?: 1 | 2 | 3 | undefined
  /** Default 'error'. */
  tone?: 'error' | 'warning' | undefined
  /** Announce on appearance (role="alert", the default) or stay a plain note (false). */
  live?: boolean | undefined
  children?: ReactNode
}

/** A spec alert: a title and a text, optionally an action; announced when it appears. */
export function Alert(props: AlertProps) {
  const Title = props.headingLevel ? (`h${props.headingLevel}` as const) : 'p'
  return (
    <div
      className={`latch-alert latch-alert--${props.tone ?? 'error'}`}
      role={props.live === false ? undefined : 'alert'}
      data-testid="latch-alert"
    >
      <svg className="latch-alert__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" />
      </svg>
      <div className="latch-alert__body">
        <Title className="latch-alert__title">{props.title}</Title>
        <p className="latch-alert__text">{props.text}</p>
        {props.children}
        {props.action ? (
          <button
            type="button"
            className="latch-button latch-button--secondary latch-alert__action"
            onClick={props.action.onClick}
          >
            {props.action.label}
          </button>
        ) : null}
      </div>
    </div>
  )
}
