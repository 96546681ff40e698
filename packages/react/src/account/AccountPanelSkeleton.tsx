import { useMessages } from '../hooks/useMessages.ts'

/** The account panel's shape while its code loads: the page never shows a blank card. */
export function AccountPanelSkeleton() {
  const { t } = useMessages()
  return (
    <div
      className="latch-account latch-account--loading"
      aria-busy="true"
      data-testid="account-skeleton"
    >
      <span className="latch-visually-hidden" role="status">
        {t('modal.loading')}
      </span>
      <div className="latch-account__top" aria-hidden="true">
        <span className="latch-account__avatar latch-shimmer" />
        <span className="latch-account__who">
          <span className="latch-shimmer latch-shimmer--short" />
          <span className="latch-shimmer latch-shimmer--line" />
        </span>
      </div>
      <span className="latch-shimmer latch-shimmer--total" aria-hidden="true" />
      <span className="latch-shimmer latch-shimmer--tabs" aria-hidden="true" />
      <span className="latch-shimmer latch-shimmer--block" aria-hidden="true" />
    </div>
  )
}
