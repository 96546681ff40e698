import { useEffect, useId, useRef } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import { WalletIcon } from './WalletIcon.tsx'

/** One tile of the AllWallets grid. */
export type WalletTile = {
  id: string
  name: string
  icon: string | undefined
  /** Also installed in this browser (EIP-6963). */
  installed: boolean
}

export type AllWalletsViewProps = {
  search: string
  onSearchChange(search: string): void
  /** Focus the search box on arrival (not on phones, where it would pop the keyboard up). */
  autoFocusSearch: boolean
  wallets: readonly WalletTile[]
  /** `pending`: the first page (or the search) is loading. */
  status: 'pending' | 'error' | 'success'
  /** The error's text, when `status` is error. */
  errorMessage: string | undefined
  onRetry(): void
  /** More pages to load as the grid scrolls. */
  hasMore: boolean
  loadingMore: boolean
  /** The next page failed: its error and retry show below the loaded wallets. */
  loadMoreFailed: boolean
  onLoadMore(): void
  /** The number of results, announced once a search settles. */
  resultsCount: number | undefined
  onSelect(walletId: string): void
}

/**
 * Every registry wallet as a grid of tiles: a search box on top, pages loaded as the grid
 * scrolls (a sentinel at its end), images loaded lazily; "No wallet found" or an error with a
 * retry otherwise.
 */
export function AllWalletsView(props: AllWalletsViewProps) {
  const { t } = useMessages()
  const searchId = useId()
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasMore, loadingMore, status } = props
  const onLoadMoreRef = useRef(props.onLoadMore)
  useEffect(() => {
    onLoadMoreRef.current = props.onLoadMore
  })

  useEffect(() => {
    const element = sentinel.current
    if (!element || !hasMore || loadingMore || status !== 'success') return
    if (typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current()
      },
      // Start loading a little before the end comes into view.
      { rootMargin: '0px 0px 240px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasMore, loadingMore, status])

  return (
    <div className="latch-all-wallets">
      <div className="latch-search">
        <label htmlFor={searchId} className="latch-visually-hidden">
          {t('allWallets.search')}
        </label>
        <svg className="latch-search__icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" />
          <path d="M16 16l4 4" />
        </svg>
        <input
          id={searchId}
          className="latch-search__input"
          type="search"
          placeholder={t('allWallets.search')}
          autoComplete="off"
          spellCheck={false}
          value={props.search}
          onChange={(event) => props.onSearchChange(event.target.value)}
          data-autofocus={props.autoFocusSearch ? '' : undefined}
        />
      </div>

      <p className="latch-visually-hidden" role="status">
        {status === 'pending' || loadingMore
          ? t('connect.loadingWallets')
          : props.resultsCount !== undefined && status === 'success'
            ? t('allWallets.results', { count: props.resultsCount })
            : ''}
      </p>

      {status === 'error' ? (
        <div className="latch-all-wallets__message">
          <p className="latch-connecting__alert" role="alert">
            {props.errorMessage ?? t('allWallets.loadFailed')}
          </p>
          <button
            type="button"
            className="latch-button latch-button--primary"
            onClick={props.onRetry}
          >
            {t('connecting.tryAgain')}
          </button>
        </div>
      ) : status === 'success' && props.wallets.length === 0 ? (
        <div className="latch-all-wallets__message latch-all-wallets__empty">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" />
            <path d="M16 16l4 4M8.5 11h5" />
          </svg>
          <p>{t('allWallets.empty')}</p>
        </div>
      ) : (
        <ul
          className="latch-wallet-grid"
          aria-label={t('allWallets.listLabel')}
          aria-busy={status === 'pending' || loadingMore}
        >
          {props.wallets.map((wallet) => (
            <li key={wallet.id}>
              <button
                type="button"
                className="latch-wallet-tile"
                onClick={() => props.onSelect(wallet.id)}
              >
                <WalletIcon
                  className="latch-wallet-tile__icon"
                  name={wallet.name}
                  src={wallet.icon}
                  size={56}
                  lazy
                />
                <span className="latch-wallet-tile__name">{wallet.name}</span>
                {wallet.installed ? (
                  <span className="latch-wallet-tile__tag">{t('connect.tagInstalled')}</span>
                ) : null}
              </button>
            </li>
          ))}
          {status === 'pending' || loadingMore
            ? Array.from({ length: status === 'pending' ? 12 : 4 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <li key={`placeholder-${index}`} aria-hidden="true">
                  <span className="latch-wallet-tile latch-wallet-tile--skeleton">
                    <span className="latch-wallet-tile__icon latch-skeleton-block" />
                    <span className="latch-skeleton-line" />
                  </span>
                </li>
              ))
            : null}
        </ul>
      )}
      {props.loadMoreFailed && status === 'success' ? (
        <div className="latch-all-wallets__message">
          <p className="latch-connecting__alert" role="alert">
            {props.errorMessage ?? t('allWallets.loadFailed')}
          </p>
          <button
            type="button"
            className="latch-button latch-button--secondary"
            onClick={props.onRetry}
          >
            {t('connecting.tryAgain')}
          </button>
        </div>
      ) : null}
      <div ref={sentinel} className="latch-all-wallets__sentinel" aria-hidden="true" />
    </div>
  )
}
