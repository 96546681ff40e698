import type { WalletRegistryStore } from '../../stores/walletRegistryStore.ts'
import { getNameSkeleton } from './getNameSkeleton.ts'

/** Labels nobody may register: roles and words a phisher would use to speak for a service. */
export const reservedNameLabels = [
  'admin',
  'administrator',
  'support',
  'helpdesk',
  'help',
  'root',
  'system',
  'security',
  'official',
  'staff',
  'team',
  'moderator',
  'owner',
  'wallet',
  'account',
  'accounts',
  'billing',
  'payments',
  'refund',
  'verify',
  'verification',
  'recovery',
  'airdrop',
  'giveaway',
  'ethereum',
  'bitcoin',
  'vitalik',
  'walletconnect',
  'reown',
  'ens',
  'opensea',
  'etherscan',
  'binance',
  'coinbase',
] as const

/** Brands no label may even contain (`latch-support`, `metamask-help`). */
export const reservedNameBrands = [
  'latch',
  'metamask',
  'coinbase',
  'walletconnect',
  'binance',
  'etherscan',
  'opensea',
  'uniswap',
  'ledger',
  'trezor',
  'phantom',
] as const

export type ReservedNameLabels = {
  /** Skeletons (`getNameSkeleton`) of labels that are refused outright. */
  exact: ReadonlySet<string>
  /** Skeletons of brands no label may contain. */
  brands: readonly string[]
}

/**
 * The reserved labels: the fixed list, the brands, and every wallet of the registry by its
 * name (`trustwallet`) and, for "X Wallet", by X alone (`trust`), all as skeletons.
 */
export async function getReservedNameLabels(
  wallets?: WalletRegistryStore | undefined,
): Promise<ReservedNameLabels> {
  const exact = new Set<string>([...reservedNameLabels, ...reservedNameBrands].map(getNameSkeleton))
  for (const wallet of (await wallets?.list()) ?? []) {
    const words = wallet.name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
    const whole = words.join('')
    if (whole) exact.add(getNameSkeleton(whole))
    const withoutWallet = words.filter((word) => word !== 'wallet').join('')
    if (withoutWallet && withoutWallet !== whole) exact.add(getNameSkeleton(withoutWallet))
  }
  return { exact, brands: reservedNameBrands.map(getNameSkeleton) }
}
