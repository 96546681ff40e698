import type { AuthUser, CreateWalletBody } from '@latch/api-contract'
import { getAddress } from 'viem'
import { WalletExistsError } from '../../errors/embeddedWallet.ts'
import type { EmbeddedUserRecord } from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'
import type { SessionMethod } from './toAuthUser.ts'
import { toAuthUser } from './toAuthUser.ts'

/**
 * Records the wallet the frame created: its address, the auth share (encrypted here before it
 * is stored) and the recovery share sealed by the user's passphrase. Once per user:
 * WALLET_EXISTS (409) after, so no share is ever replaced.
 */
export async function createWallet(
  deps: Pick<EmbeddedWalletServiceDeps, 'store' | 'cipher'>,
  {
    user,
    session,
    wallet,
  }: { user: EmbeddedUserRecord; session: SessionMethod; wallet: CreateWalletBody },
): Promise<AuthUser> {
  const address = getAddress(wallet.address)
  const created = await deps.store.createWallet({
    userId: user.id,
    address,
    authShareEncrypted: deps.cipher.encrypt(wallet.authShare, { userId: user.id, address }),
    sealedRecoveryShare: wallet.sealedRecoveryShare,
  })
  if (!created) throw new WalletExistsError()
  return toAuthUser(deps, user, session)
}
