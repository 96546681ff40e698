import { useMessages } from '../hooks/useMessages.ts'

const placeholderKeys = ['a', 'b', 'c', 'd', 'e', 'f']

/** Placeholder rows (up to 6) while a tab loads: the panel never shows blank. */
export function SkeletonRows(props: { count: number; variant?: 'rows' | 'grid' }) {
  const { t } = useMessages()
  const grid = props.variant === 'grid'
  return (
    <div className={grid ? 'latch-skeleton-grid' : 'latch-rows'} aria-busy="true">
      <span className="latch-visually-hidden" role="status">
        {t('modal.loading')}
      </span>
      {placeholderKeys.slice(0, props.count).map((key) =>
        grid ? (
          <span key={key} className="latch-shimmer latch-skeleton-grid__tile" aria-hidden="true" />
        ) : (
          <span key={key} className="latch-row latch-row--skeleton" aria-hidden="true">
            <span className="latch-shimmer latch-shimmer--disc" />
            <span className="latch-row__main">
              <span className="latch-shimmer latch-shimmer--line" />
              <span className="latch-shimmer latch-shimmer--short" />
            </span>
          </span>
        ),
      )}
    </div>
  )
}

/** A tab's message instead of content: empty, or failed (with a retry when one is allowed). */
export function PanelMessage(props: {
  text: string
  tone?: 'neutral' | 'error' | undefined
  action?: { label: string; onClick(): void } | undefined
}) {
  return (
    <div className={`latch-panel-message latch-panel-message--${props.tone ?? 'neutral'}`}>
      <p role={props.tone === 'error' ? 'status' : undefined} data-testid="panel-message">
        {props.text}
      </p>
      {props.action ? (
        <button
          type="button"
          className="latch-button latch-button--secondary"
          onClick={props.action.onClick}
        >
          {props.action.label}
        </button>
      ) : null}
    </div>
  )
}
