import { namespaceNames } from '../connect/WalletList.tsx'
import { useMessages } from '../hooks/useMessages.ts'
import type { NetworkGroup } from './getNetworkGroups.ts'
import { NetworkIcon } from './NetworkIcon.tsx'

export type NamespaceNetworksViewProps = {
  groups: readonly NetworkGroup[]
  /** The active namespace's network, marked aria-current. */
  currentId: string | undefined
  /** The network being switched to: its row says "Approve in wallet", the others wait. */
  pendingId?: string | undefined
  error?: string | undefined
  note?: string | undefined
  onSelect(caipNetworkId: string): void
}

/** A stable number per CAIP-2 id, for the icon's generated disc. */
const hueSeed = (id: string) =>
  [...id].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 100003, 7)

/**
 * The Networks view when the app has Solana or Bitcoin networks: every network under its
 * namespace's heading (EVM, Solana, Bitcoin). Picking one switches to it, or asks to connect
 * a wallet of its namespace when none is connected.
 */
export function NamespaceNetworksView(props: NamespaceNetworksViewProps) {
  const { t } = useMessages()
  const { pendingId, currentId } = props
  let first = true
  return (
    <div className="latch-networks-view" data-testid="networks-view">
      {props.groups.map((group) => (
        <section key={group.namespace} className="latch-networks-group">
          <h3 className="latch-networks-group__title" id={`latch-networks-${group.namespace}`}>
            {namespaceNames[group.namespace]}
          </h3>
          <ul
            className="latch-networks"
            aria-labelledby={`latch-networks-${group.namespace}`}
            data-testid={`network-list-${group.namespace}`}
          >
            {group.networks.map((network) => {
              const current = network.caipNetworkId === currentId
              const pending = network.caipNetworkId === pendingId
              const autofocus = currentId === undefined ? first : current
              first = false
              return (
                <li key={network.caipNetworkId}>
                  <button
                    type="button"
                    className="latch-network"
                    data-testid={`network-${network.chainId ?? network.caipNetworkId}`}
                    aria-current={current ? 'true' : undefined}
                    aria-busy={pending || undefined}
                    disabled={pendingId !== undefined && !pending}
                    data-autofocus={autofocus ? '' : undefined}
                    onClick={() => props.onSelect(network.caipNetworkId)}
                  >
                    <NetworkIcon
                      chainId={network.chainId ?? hueSeed(network.caipNetworkId)}
                      caipNetworkId={network.chainId ? undefined : network.caipNetworkId}
                    />
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
                        <span className="latch-network__pending">
                          {t('networks.approveInWallet')}
                        </span>
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
        </section>
      ))}
      <p className="latch-visually-hidden" role="status">
        {pendingId !== undefined ? t('networks.approveInWallet') : ''}
      </p>
      {props.error ? (
        <p className="latch-networks-view__error" data-testid="networks-error">
          {props.error}
        </p>
      ) : props.note ? (
        <p className="latch-networks-view__note">{props.note}</p>
      ) : null}
    </div>
  )
}
