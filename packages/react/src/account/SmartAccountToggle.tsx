import type { EmbeddedAccountType } from '@latch/core'
import { useId } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import type { MessageKey } from '../i18n/en.ts'
import { shortenAddress } from './shortenAddress.ts'

export type SmartAccountToggleProps = {
  /** The account the wallet uses now. */
  active: EmbeddedAccountType
  /** Both addresses, EIP-55 checksummed. */
  addresses: Readonly<Record<EmbeddedAccountType, string>>
  /** The switch is under way: the button stays focusable, marked busy. */
  switching?: boolean | undefined
  onSwitch(): void
  onCopy(address: string): void
  /** The address just copied ("Address copied." is announced). */
  copied?: string | undefined
  /** Announced once a switch completed ("Now using your smart account."). */
  announcement?: string | undefined
}

const labels: Readonly<Record<EmbeddedAccountType, MessageKey>> = {
  smartAccount: 'account.smartAccount',
  eoa: 'account.eoa',
}
const copyLabels: Readonly<Record<EmbeddedAccountType, MessageKey>> = {
  smartAccount: 'account.copySmartAccountAddress',
  eoa: 'account.copyEoaAddress',
}
const order: readonly EmbeddedAccountType[] = ['smartAccount', 'eoa']

/**
 * The embedded wallet's account type (spec section 3): its smart account and its EOA, each
 * address shortened and copyable, the one in use marked, and a button to switch to the other
 * ("Switch to your EOA" / "Switch to your smart account").
 */
export function SmartAccountToggle(props: SmartAccountToggleProps) {
  const { t } = useMessages()
  const titleId = useId()
  const other: EmbeddedAccountType = props.active === 'smartAccount' ? 'eoa' : 'smartAccount'
  return (
    <section
      className="latch-smart-account"
      aria-labelledby={titleId}
      data-testid="account-smart-account"
    >
      <h3 id={titleId} className="latch-smart-account__title">
        {t('account.accountType')}
      </h3>
      <ul className="latch-smart-account__list">
        {order.map((type) => {
          const address = props.addresses[type]
          const inUse = type === props.active
          return (
            <li
              key={type}
              className="latch-smart-account__row"
              aria-current={inUse ? 'true' : undefined}
              data-testid={`account-type-${type}`}
            >
              <span className="latch-smart-account__label">
                {t(labels[type])}
                {inUse ? (
                  <span className="latch-badge latch-smart-account__badge">
                    {t('account.accountInUse')}
                  </span>
                ) : null}
              </span>
              <span
                className="latch-smart-account__address"
                title={address}
                dir="ltr"
                data-testid={`account-type-${type}-address`}
              >
                <span aria-hidden="true">{shortenAddress(address)}</span>
                <span className="latch-visually-hidden">{address}</span>
              </span>
              <button
                type="button"
                className="latch-icon-button latch-smart-account__copy"
                onClick={() => props.onCopy(address)}
                aria-label={t(copyLabels[type])}
                title={t(copyLabels[type])}
                data-testid={`account-type-${type}-copy`}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  {props.copied === address ? (
                    <path d="M5 12.5l4.5 4.5L19 7.5" />
                  ) : (
                    <>
                      <rect x="8.5" y="8.5" width="11" height="11" rx="2.5" />
                      <path d="M15.5 8.5V6.5A2 2 0 0 0 13.5 4.5h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
                    </>
                  )}
                </svg>
              </button>
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        className="latch-button latch-button--secondary latch-smart-account__switch"
        // aria-disabled, not disabled, while switching: the focus stays on the button.
        onClick={() => {
          if (!props.switching) props.onSwitch()
        }}
        aria-disabled={props.switching || undefined}
        aria-busy={props.switching || undefined}
        data-testid="account-switch-account-type"
      >
        {other === 'eoa' ? t('account.switchToEoa') : t('account.switchToSmartAccount')}
      </button>
      <p className="latch-visually-hidden" role="status">
        {props.copied ? t('account.addressCopied') : (props.announcement ?? '')}
      </p>
    </section>
  )
}
