import { type RefObject, useEffect, useRef } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import { PanelMessage, SkeletonRows } from './PanelStates.tsx'
import type { ActivityRow } from './toActivityRow.ts'

/** One row of the Activity tab, formatted. */
export type ActivityRowView = {
  id: string
  /** "Sent", "Received", "Minted"... */
  title: string
  direction: ActivityRow['direction']
  status: ActivityRow['status']
  /** "Failed" or "Pending"; none once confirmed. */
  statusLabel?: string | undefined
  /** Signed amount and symbol, "−1.500 LUSD"; or the NFT's name. */
  amount?: string | undefined
  /** An NFT transfer's thumbnail. */
  thumbnailUrl?: string | undefined
  /**
   * The other side: `text` is the translated sentence with an `{address}` placeholder
   * ("To {address}"), filled with `address` kept whole and left to right.
   */
  counterparty?: { text: string; address: string } | undefined
  /** "5 min ago" */
  time: string
  /** ISO 8601, for `<time dateTime>`. */
  dateTime: string
  /** The full date and time, on hover. */
  timeTitle: string
  /** "+1 more" */
  more?: string | undefined
  explorerUrl?: string | undefined
}

export type ActivityGroupView = { key: string; label: string; rows: readonly ActivityRowView[] }

export type ActivityListProps = {
  state:
    | { status: 'pending' }
    /** Spec section 8: 'Failed to fetch transactions', the list shown empty. */
    | { status: 'error'; message: string }
    | { status: 'success'; groups: readonly ActivityGroupView[] }
  hasMore: boolean
  isLoadingMore: boolean
  /** Asked when the end of the list scrolls into view, or its button is pressed. */
  onLoadMore(): void
}

const icons: Readonly<Record<ActivityRow['direction'], string>> = {
  in: 'M12 5v14M6 13l6 6 6-6',
  out: 'M12 19V5M6 11l6-6 6 6',
  self: 'M4 12h11M11 7l5 5-5 5M20 5v14',
  trade: 'M7 4v13M3 13l4 4 4-4M17 20V7M13 11l4-4 4 4',
  other: 'M8 8l-4 4 4 4M16 8l4 4-4 4',
}

function DirectionIcon(props: {
  direction: ActivityRow['direction']
  thumbnailUrl?: string | undefined
}) {
  return (
    <span
      className={`latch-activity__icon latch-activity__icon--${props.direction}`}
      aria-hidden="true"
    >
      {props.thumbnailUrl ? (
        <img
          src={props.thumbnailUrl}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d={icons[props.direction]} />
        </svg>
      )}
    </span>
  )
}

/** "To 0x7099…79C8", the address isolated (it reads left to right in Arabic too), unbroken. */
function Counterparty(props: { text: string; address: string }) {
  const [before = '', after = ''] = props.text.split('{address}')
  return (
    <>
      {before}
      <bdi className="latch-activity__party" dir="ltr">
        {props.address}
      </bdi>
      {after}
    </>
  )
}

/**
 * Calls `onVisible` when `ref` is (or scrolls) into view, in any scrolling ancestor, while
 * `active`; observing starts afresh each time it turns active (a page arrived and the end
 * may still be in view).
 */
function useWhenVisible(ref: RefObject<Element | null>, onVisible: () => void, active: boolean) {
  const callback = useRef(onVisible)
  callback.current = onVisible
  useEffect(() => {
    const element = ref.current
    if (!active || !element || typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current()
      },
      { rootMargin: '0px 0px 200px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, active])
}

/**
 * The Activity tab: transactions grouped by day, each with its direction, title, signed
 * amount (or NFT), counterparty, relative time, status and explorer link; the next page loads
 * as the end of the list scrolls into view.
 */
export function ActivityList(props: ActivityListProps) {
  const { t } = useMessages()
  const { state } = props
  const sentinel = useRef<HTMLButtonElement>(null)
  useWhenVisible(
    sentinel,
    props.onLoadMore,
    state.status === 'success' && props.hasMore && !props.isLoadingMore,
  )

  if (state.status === 'pending') return <SkeletonRows count={5} />
  if (state.status === 'error') return <PanelMessage tone="error" text={state.message} />
  if (state.groups.length === 0) return <PanelMessage text={t('activity.empty')} />
  return (
    <div className="latch-activity" data-testid="activity-list">
      {state.groups.map((group) => (
        <div key={group.key} className="latch-activity__day">
          <h3 className="latch-activity__date">{group.label}</h3>
          <ul className="latch-rows">
            {group.rows.map((row) => (
              <li
                key={row.id}
                className="latch-row latch-activity__row"
                data-testid="activity-row"
                data-status={row.status}
              >
                <DirectionIcon direction={row.direction} thumbnailUrl={row.thumbnailUrl} />
                <span className="latch-row__main">
                  <span className="latch-row__title">
                    {row.title}
                    {row.statusLabel ? (
                      <span className={`latch-badge latch-badge--${row.status}`}>
                        {row.statusLabel}
                      </span>
                    ) : null}
                  </span>
                  {row.counterparty ? (
                    <span className="latch-row__sub">
                      <Counterparty {...row.counterparty} />
                    </span>
                  ) : null}
                </span>
                <span className="latch-row__end">
                  {row.amount ? (
                    <span className="latch-row__amount" dir="ltr" data-testid="activity-amount">
                      {row.amount}
                    </span>
                  ) : null}
                  <time
                    className="latch-row__sub latch-activity__time"
                    dateTime={row.dateTime}
                    title={row.timeTitle}
                  >
                    {row.time}
                  </time>
                  {row.more ? <span className="latch-row__sub">{row.more}</span> : null}
                  {row.explorerUrl ? (
                    <a
                      className="latch-link latch-activity__explorer"
                      href={row.explorerUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t('activity.viewOnExplorer')}
                    </a>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {props.hasMore ? (
        <button
          ref={sentinel}
          type="button"
          className="latch-button latch-button--secondary latch-activity__more"
          onClick={props.onLoadMore}
          aria-busy={props.isLoadingMore || undefined}
        >
          {props.isLoadingMore ? <span className="latch-spinner" aria-hidden="true" /> : null}
          {props.isLoadingMore ? t('modal.loading') : t('activity.loadMore')}
        </button>
      ) : null}
    </div>
  )
}
