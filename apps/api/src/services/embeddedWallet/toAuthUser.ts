import type { AuthUser } from '@latch/api-contract'
import type { EmbeddedUserRecord } from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'

/** The user as the authenticated frame sees it: the auth share decrypted for it. */
export async function toAuthUser(
  deps: Pick<EmbeddedWalletServiceDeps, 'store' | 'cipher'>,
  user: EmbeddedUserRecord,
): Promise<AuthUser> {
  const wallet = await deps.store.getWallet(user.id)
  return {
    id: user.id,
    email: user.email,
    address: wallet?.address ?? null,
    authShare: wallet
      ? deps.cipher.decrypt(wallet.authShareEncrypted, { userId: user.id, address: wallet.address })
      : null,
    sealedRecoveryShare: wallet?.sealedRecoveryShare ?? null,
  }
}
