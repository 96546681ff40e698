import { useMessages } from '../hooks/useMessages.ts'
import type { NetworkTag } from './getNetworkTag.ts'
import { NetworkIcon } from './NetworkIcon.tsx'

/** A network as a row shows it. */
export type NetworkOption = {
  id: number
  name: string
  tag?: NetworkTag | undefined
}

export type NetworkListProps = {
  networks: readonly NetworkOption[]
  /** The network the wallet is on, marked aria-current. */
  currentId: number | undefined
  /** The network being switched to: its row says "Approve in wallet", the others wait. */
  pendingId?: number | undefined
  onSelect(chainId: number): void
}

/** The configured networks as buttons: icon, name, Testnet/Devnet tag, current and pending marks. */
export function NetworkList(props: NetworkListProps) {
  const { t } = useMessages()
  const { pendingId, currentId } = props
  return (
    <ul className="latch-networks" aria-label={t('networks.listLabel')} data-testid="network-list">
      {props.networks.map((network, index) => {
        const current = network.id === currentId
        const pending = network.id === pendingId
        return (
          <li key={network.id}>
            <button
              type="button"
              className="latch-network"
              data-testid={`network-${network.id}`}
              aria-current={current ? 'true' : undefined}
              aria-busy={pending || undefined}
              disabled={pendingId !== undefined && !pending}
              data-autofocus={(currentId === undefined ? index === 0 : current) ? '' : undefined}
              onClick={() => props.onSelect(network.id)}
            >
              <NetworkIcon chainId={network.id} />
              <span className="latch-network__label">
                <span className="latch-network__name" dir="auto">
                  {network.name}
                </span>
                {network.tag ? (
                  <span className="latch-network__tag">
                    {t(network.tag === 'devnet' ? 'networks.devnet' : 'networks.testnet')}
                  </span>
                ) : null}
                {pending ? (
                  <span className="latch-network__pending">{t('networks.approveInWallet')}</span>
                ) : null}
              </span>
              <span className="latch-network__mark" aria-hidden="true">
                {pending ? (
                  <span className="latch-spinner" />
                ) : current ? (
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M5 12.5l4.5 4.5L19 7.5" />
                  </svg>
                ) : null}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
