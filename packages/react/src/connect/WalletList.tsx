import { useMessages } from '../hooks/useMessages.ts'
import type { ConnectWalletItem } from './getConnectWallets.ts'
import { WalletIcon } from './WalletIcon.tsx'

export type WalletListProps = {
  wallets: readonly ConnectWalletItem[]
  /** Placeholder rows shown where recommended wallets will appear (before WalletConnect). */
  placeholders: number
  /** Every button disabled (the legal checkbox is not checked yet); `describedBy` says why. */
  disabled?: { describedBy: string } | undefined
  onSelect(wallet: ConnectWalletItem): void
}

/** Keys of the placeholder rows shown while the registry loads. */
const placeholderKeys = ['placeholder-1', 'placeholder-2', 'placeholder-3', 'placeholder-4']

/** The namespaces' names (proper names, the same in every language, as wallet names are). */
export const namespaceNames = { eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin' } as const

const tagKeys = {
  recent: 'connect.tagRecent',
  installed: 'connect.tagInstalled',
  qrCode: 'connect.tagQrCode',
} as const

/** The Connect view's wallets: one button per wallet (named by the wallet), with its tag. */
export function WalletList(props: WalletListProps) {
  const { t } = useMessages()
  // Placeholders stand where the recommended wallets will land: before WalletConnect.
  const walletConnectIndex = props.wallets.findIndex((wallet) => wallet.tag === 'qrCode')
  const splitAt = walletConnectIndex === -1 ? props.wallets.length : walletConnectIndex
  const row = (wallet: ConnectWalletItem, index: number) => (
    <li key={wallet.key}>
      <button
        type="button"
        className="latch-wallet"
        onClick={() => props.onSelect(wallet)}
        disabled={props.disabled !== undefined}
        aria-describedby={props.disabled?.describedBy}
        data-autofocus={index === 0 && !props.disabled ? '' : undefined}
      >
        <WalletIcon className="latch-wallet__icon" name={wallet.name} src={wallet.icon} size={36} />
        <span className="latch-wallet__name">{wallet.name}</span>
        {wallet.namespaces?.length ? (
          <span className="latch-wallet__namespaces">
            {wallet.namespaces.map((namespace) => (
              <span
                key={namespace}
                className={`latch-wallet__namespace latch-wallet__namespace--${namespace}`}
              >
                {namespaceNames[namespace]}
              </span>
            ))}
          </span>
        ) : null}
        {wallet.tag ? (
          <span className={`latch-wallet__tag latch-wallet__tag--${wallet.tag}`}>
            {t(tagKeys[wallet.tag])}
          </span>
        ) : null}
      </button>
    </li>
  )
  return (
    <ul className="latch-wallets__list" aria-label={t('connect.walletsLabel')}>
      {props.wallets.slice(0, splitAt).map(row)}
      {placeholderKeys.slice(0, props.placeholders).map((key) => (
        <li key={key} className="latch-wallet latch-wallet--skeleton" aria-hidden="true">
          <span className="latch-wallet__icon latch-skeleton-block" />
          <span className="latch-skeleton-line" />
        </li>
      ))}
      {props.wallets.slice(splitAt).map((wallet, index) => row(wallet, splitAt + index))}
    </ul>
  )
}
