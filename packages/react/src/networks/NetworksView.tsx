import { useMessages } from '../hooks/useMessages.ts'
import { NetworkList, type NetworkOption } from './NetworkList.tsx'

export type NetworksViewProps = {
  networks: readonly NetworkOption[]
  currentId: number | undefined
  pendingId?: number | undefined
  /** Why the last switch failed (shown under the list; the toast announces it). */
  error?: string | undefined
  /** A refusal in the wallet: not an error, a note. */
  note?: string | undefined
  onSelect(chainId: number): void
}

/** The Networks view: pick a configured network; the wallet is asked to switch. */
export function NetworksView(props: NetworksViewProps) {
  const { t } = useMessages()
  return (
    <div className="latch-networks-view" data-testid="networks-view">
      <NetworkList
        networks={props.networks}
        currentId={props.currentId}
        pendingId={props.pendingId}
        onSelect={props.onSelect}
      />
      <p className="latch-visually-hidden" role="status">
        {props.pendingId !== undefined ? t('networks.approveInWallet') : ''}
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
