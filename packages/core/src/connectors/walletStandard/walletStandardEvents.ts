import type { Wallet } from '@wallet-standard/base'
import type { StandardEventsFeature } from '@wallet-standard/features'
import type { Unsubscribe } from '../../types.ts'

/** Follows the wallet's account list (`standard:events` "change"); a no-op without events. */
export function onWalletAccountsChange(
  wallet: Wallet,
  listener: (accounts: Wallet['accounts']) => void,
): Unsubscribe {
  const events = (wallet.features as Partial<StandardEventsFeature>)['standard:events']
  if (!events) return () => {}
  return events.on('change', (properties) => {
    if (properties.accounts) listener(properties.accounts)
  })
}

/** Hex of a public key's bytes. */
export const toHex = (bytes: ArrayLike<number>): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
