import type { ConnectMethod } from '@latch/core'
import { type ReactNode, useId, useState } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import type { ConnectWalletItem } from './getConnectWallets.ts'
import { WalletList } from './WalletList.tsx'

export type ConnectViewProps = {
  /** A line above the methods (the modal opened for a Solana or Bitcoin network). */
  intro?: string | undefined
  /** The connect methods, in the configured order. */
  methods: readonly ConnectMethod[]
  /** The email method's field (shown where `methods` puts 'email'). */
  email?: ReactNode
  /**
   * The social method's buttons (shown where `methods` puts 'social'); given the legal
   * checkbox's lock (`describedBy`) while it is not ticked.
   */
  social?: ((disabled: { describedBy: string } | undefined) => ReactNode) | undefined
  wallets: readonly ConnectWalletItem[]
  /** The registry is loading: placeholder rows for the recommended wallets. */
  loadingWallets: boolean
  /**
   * The "All Wallets" button: hidden when undefined; `count` (the registry's total) is shown
   * rounded down ("40+") once known.
   */
  allWallets: { count: number | undefined } | undefined
  /**
   * The legal checkbox (`options.features.legalCheckbox`): every wallet button stays disabled
   * until the person agrees to the linked terms and privacy policy. Undefined: no checkbox.
   */
  legal?: { termsUrl: string | undefined; privacyUrl: string | undefined } | undefined
  /** Agreed before (this page, earlier): the checkbox starts checked. */
  legalAccepted?: boolean | undefined
  onLegalAcceptedChange?: ((accepted: boolean) => void) | undefined
  onSelect(wallet: ConnectWalletItem): void
  onAllWallets(): void
}

/** Rounds a wallet count for the "All Wallets" badge: 43 → "40+", 7 → "7". */
export function formatWalletCount(count: number): string {
  return count > 10 ? `${Math.floor(count / 10) * 10}+` : String(count)
}

/**
 * The first view: the legal checkbox when the app asks for one, then the connect methods in
 * order; for wallets, the list and "All Wallets".
 */
export function ConnectView(props: ConnectViewProps) {
  const { t } = useMessages()
  const { allWallets, legal } = props
  const legalId = useId()
  const [accepted, setAccepted] = useState(props.legalAccepted ?? false)
  const locked = legal !== undefined && !accepted
  const legalKey = legal?.termsUrl
    ? legal.privacyUrl
      ? 'connect.legalAgreeBoth'
      : 'connect.legalAgreeTerms'
    : 'connect.legalAgreePrivacy'
  return (
    <div className="latch-connect">
      {props.intro ? (
        <p className="latch-connect__intro" data-testid="connect-intro">
          {props.intro}
        </p>
      ) : null}
      {legal ? (
        <div className="latch-connect__legal" data-testid="legal-checkbox">
          <label className="latch-connect__legal-label">
            <input
              type="checkbox"
              checked={accepted}
              aria-describedby={`${legalId}-links`}
              onChange={(event) => {
                setAccepted(event.target.checked)
                props.onLegalAcceptedChange?.(event.target.checked)
              }}
              data-autofocus
            />
            <span id={legalId}>{t(legalKey)}</span>
          </label>
          <p className="latch-connect__legal-links" id={`${legalId}-links`}>
            {legal.termsUrl ? (
              <a href={legal.termsUrl} target="_blank" rel="noopener noreferrer">
                {t('connect.legalTerms')}
              </a>
            ) : null}
            {legal.termsUrl && legal.privacyUrl ? ' · ' : null}
            {legal.privacyUrl ? (
              <a href={legal.privacyUrl} target="_blank" rel="noopener noreferrer">
                {t('connect.legalPrivacy')}
              </a>
            ) : null}
          </p>
        </div>
      ) : null}
      {props.methods.map((method) =>
        method === 'email' && props.email ? (
          // Locked like the wallets until the legal checkbox is ticked.
          <fieldset
            key={method}
            className="latch-connect__method"
            disabled={locked}
            aria-describedby={locked ? legalId : undefined}
          >
            {props.email}
          </fieldset>
        ) : method === 'social' && props.social ? (
          <div key={method} className="latch-connect__method">
            {props.social(locked ? { describedBy: legalId } : undefined)}
          </div>
        ) : method === 'wallet' ? (
          <section key={method} className="latch-connect__wallets" aria-busy={props.loadingWallets}>
            <WalletList
              wallets={props.wallets}
              placeholders={props.loadingWallets ? 4 : 0}
              disabled={locked ? { describedBy: legalId } : undefined}
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
                disabled={locked}
                aria-describedby={locked ? legalId : undefined}
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
