import type { ConnectorType } from '@latch/core'

export type WalletOption = {
  id: string
  name: string
  icon: string
  type: ConnectorType
}

export type WalletListProps = {
  wallets: readonly WalletOption[]
  onSelect(walletId: string): void
}

const tags: Partial<Record<ConnectorType, string>> = {
  ANNOUNCED: 'Detected',
  WALLET_CONNECT: 'Mobile',
}

/** The wallets to choose from, each a button with icon and name. */
export function WalletList(props: WalletListProps) {
  const browserWallets = props.wallets.filter((wallet) => wallet.type === 'ANNOUNCED')
  return (
    <div className="latch-wallets">
      <ul className="latch-wallets__list">
        {props.wallets.map((wallet, index) => (
          <li key={wallet.id}>
            <button
              type="button"
              className="latch-wallet"
              onClick={() => props.onSelect(wallet.id)}
              data-autofocus={index === 0 ? '' : undefined}
            >
              {wallet.icon ? (
                <img
                  className="latch-wallet__icon"
                  src={wallet.icon}
                  alt=""
                  width={36}
                  height={36}
                />
              ) : (
                <span className="latch-wallet__icon latch-wallet__icon--blank" aria-hidden="true">
                  {wallet.name.slice(0, 1)}
                </span>
              )}
              <span className="latch-wallet__name">{wallet.name}</span>
              {tags[wallet.type] ? (
                <span className="latch-wallet__tag">{tags[wallet.type]}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {browserWallets.length === 0 ? (
        <p className="latch-wallets__note">
          No browser wallet detected. Use WalletConnect to connect a wallet on your phone.
        </p>
      ) : null}
    </div>
  )
}
