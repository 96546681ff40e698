import { useMessages } from '../hooks/useMessages.ts'
import { NetworkList, type NetworkOption } from './NetworkList.tsx'

export type UnsupportedChainViewProps = {
  /** The configured networks to switch to. */
  networks: readonly NetworkOption[]
  pendingId?: number | undefined
  error?: string | undefined
  note?: string | undefined
  onSelect(chainId: number): void
  onDisconnect(): void
  disconnecting?: boolean | undefined
}

/** The wallet is on a network the app does not configure: switch to one, or disconnect. */
export function UnsupportedChainView(props: UnsupportedChainViewProps) {
  const { t } = useMessages()
  return (
    <div className="latch-networks-view" data-testid="unsupported-chain-view">
      <p className="latch-networks-view__text">{t('unsupportedChain.text')}</p>
      <NetworkList
        networks={props.networks}
        currentId={undefined}
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
      <button
        type="button"
        className="latch-button latch-button--secondary latch-networks-view__disconnect"
        onClick={props.onDisconnect}
        disabled={props.disconnecting}
        aria-busy={props.disconnecting || undefined}
      >
        {t('account.disconnect')}
      </button>
    </div>
  )
}
