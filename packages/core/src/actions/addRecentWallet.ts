import type { LatchConfig } from '../createLatchConfig.ts'
import type { RecentWallet, RecentWalletInput } from '../storage/createLatchStorage.ts'

export type AddRecentWalletParameters = RecentWalletInput
export type AddRecentWalletReturnType = readonly RecentWallet[]

/**
 * Puts a wallet first among the recent wallets (at most 2, once per id) in storage and in
 * `state.recentWallets`. `connect` calls it; call it yourself for a wallet opened another way.
 */
export function addRecentWallet(
  config: LatchConfig,
  wallet: AddRecentWalletParameters,
): AddRecentWalletReturnType {
  const recentWallets = config.storage.addRecentWallet(wallet)
  config._internal.setState((state) => ({ ...state, recentWallets }))
  return recentWallets
}
