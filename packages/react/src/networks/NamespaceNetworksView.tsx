import { namespaceNames } from '../connect/WalletList.tsx'
import { useMessages } from '../hooks/useMessages.ts'
import type { NetworkGroup } from './getNetworkGroups.ts'
import { NetworkRow } from './NetworkRow.tsx'

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
              const autofocus = currentId === undefined ? first : current
              first = false
              return (
                <NetworkRow
                  key={network.caipNetworkId}
                  testId={network.chainId ?? network.caipNetworkId}
                  name={network.name}
                  tag={network.tag}
                  iconChainId={network.chainId ?? hueSeed(network.caipNetworkId)}
                  iconCaipNetworkId={network.chainId ? undefined : network.caipNetworkId}
                  current={current}
                  pending={network.caipNetworkId === pendingId}
                  disabled={pendingId !== undefined && network.caipNetworkId !== pendingId}
                  autofocus={autofocus}
                  onSelect={() => props.onSelect(network.caipNetworkId)}
                />
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
