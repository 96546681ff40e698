import { useMessages } from '../hooks/useMessages.ts'
import type { NetworkTag } from './getNetworkTag.ts'
import { NetworkIcon } from './NetworkIcon.tsx'

export type NetworkRowProps = {
  /** The row's test id suffix: `network-{testId}` (an EVM chain id, else the CAIP-2 id). */
  testId: string | number
  name: string
  tag?: NetworkTag | undefined
  /** The icon's EVM chain id, or a stable number that only colours the disc. */
  iconChainId: number
  /** A Solana or Bitcoin network's CAIP-2 id, for its image. */
  iconCaipNetworkId?: string | undefined
  /** The wallet's network: aria-current and a check mark. */
  current: boolean
  /** Being switched to: "Approve in wallet" and a spinner. */
  pending: boolean
  /** Another row is being switched to: this one waits. */
  disabled: boolean
  /** The row the view focuses first. */
  autofocus: boolean
  onSelect(): void
}

/** One network as a button in a list item: icon, name, Testnet/Devnet tag, current and pending marks. */
export function NetworkRow(props: NetworkRowProps) {
  const { t } = useMessages()
  const { current, pending } = props
  return (
    <li>
      <button
        type="button"
        className="latch-network"
        data-testid={`network-${props.testId}`}
        aria-current={current ? 'true' : undefined}
        aria-busy={pending || undefined}
        disabled={props.disabled}
        data-autofocus={props.autofocus ? '' : undefined}
        onClick={props.onSelect}
      >
        <NetworkIcon chainId={props.iconChainId} caipNetworkId={props.iconCaipNetworkId} />
        <span className="latch-network__label">
          <span className="latch-network__name" dir="auto">
            {props.name}
          </span>
          {props.tag ? (
            <span className="latch-network__tag">
              {t(props.tag === 'devnet' ? 'networks.devnet' : 'networks.testnet')}
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
}
