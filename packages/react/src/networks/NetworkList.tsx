import { useMessages } from '../hooks/useMessages.ts'
import type { NetworkTag } from './getNetworkTag.ts'
import { NetworkRow } from './NetworkRow.tsx'

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
      {props.networks.map((network, index) => (
        <NetworkRow
          key={network.id}
          testId={network.id}
          name={network.name}
          tag={network.tag}
          iconChainId={network.id}
          current={network.id === currentId}
          pending={network.id === pendingId}
          disabled={pendingId !== undefined && network.id !== pendingId}
          autofocus={currentId === undefined ? index === 0 : network.id === currentId}
          onSelect={() => props.onSelect(network.id)}
        />
      ))}
    </ul>
  )
}
