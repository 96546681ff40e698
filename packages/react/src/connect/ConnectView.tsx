import type { ConnectMethod } from '@latch/core'
import { useMessages } from '../hooks/useMessages.ts'
import type { ConnectWalletItem } from './getConnectWallets.ts'
import { WalletList } from './WalletList.tsx'

export type ConnectViewProps = {
  /** The connect methods, in the configured order (email and social arrive with the next issue). */
  methods: readonly ConnectMethod[]
  wallets: readonly ConnectWalletItem[]
  /** The registry is loading: placeholder rows for the recommended wallets. */
  loadingWallets: boolean
  /**
   * The "All Wallets" button: hidden when undefined; `count` (the registry's total) is shown
   * rounded down ("40+") once known.
   */
  allWallets: { count: number | undefined } | undefined
  onSelect(wallet: ConnectWalletItem): void
  onAllWallets(): void
}

/** Rounds a wallet count for the "All Wallets" badge: 43 → "40+", 7 → "7". */
export function formatWalletCount(count: number): string {
  return count > 10 ? `${Math.floor(count / 10) * 10}+` : String(count)
}

/** The first view: the connect methods in order; for wallets, the list and "All Wallets". */
export function ConnectView(props: ConnectViewProps) {
  const { t } = useMessages()
  const { allWallets } = props
  return (
    <div className="latch-connect">
      {props.methods.map((method) =>
        method === 'wallet' ? (
          <section key={method} className="latch-connect__wallets" aria-busy={props.loadingWallets}>
            <WalletList
              wallets={props.wallets}
              placeholders={props.loadingWallets ? 4 : 0}
              onSelect={props.onSelect}
            />
            {props.loadingWallets ? (
              <span className="latch-visually-hidden" role="status">
                {t('connect.loadingWallets')}
              </span>
            ) : null}
            {allWallets ? (
              <button
                type="button"
                className="latch-wallet latch-wallet--all"
                onClick={props.onAllWallets}
              >
                <span className="latch-wallet__icon latch-wallet__grid" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                  <span />
                </span>
                <span className="latch-wallet__name">{t('allWallets.title')}</span>
                {allWallets.count ? (
                  <span className="latch-wallet__tag latch-wallet__tag--count">
                    {formatWalletCount(allWallets.count)}
                  </span>
                ) : null}
              </button>
            ) : null}
          </section>
        ) : null,
      )}
    </div>
  )
}
