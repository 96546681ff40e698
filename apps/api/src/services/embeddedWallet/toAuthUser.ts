import type { AuthUser } from '@latch/api-contract'
import type {
  EmbeddedSessionRecord,
  EmbeddedUserRecord,
} from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'

/** How the session was opened: by email, or with a provider's identity (its subject). */
export type SessionMethod = Pick<EmbeddedSessionRecord, 'method' | 'identitySubject'>

/**
 * The user as the authenticated frame sees it: the auth share decrypted for it, and how this
 * session signed in (with the social username of that identity, if any).
 */
export async function toAuthUser(
  deps: Pick<EmbeddedWalletServiceDeps, 'store' | 'cipher'>,
  user: EmbeddedUserRecord,
  session: SessionMethod,
): Promise<AuthUser> {
  const [wallet, identity] = await Promise.all([
    deps.store.getWallet(user.id),
    session.method !== 'email' && session.identitySubject !== null
      ? deps.store.getIdentity({ provider: session.method, subject: session.identitySubject })
      : undefined,
  ])
  return {
    id: user.id,
    email: user.email,
    username: identity?.userId === user.id ? identity.username : null,
    signInMethod: session.method,
    address: wallet?.address ?? null,
    authShare: wallet
      ? deps.cipher.decrypt(wallet.authShareEncrypted, { userId: user.id, address: wallet.address })
      : null,
    sealedRecoveryShare: wallet?.sealedRecoveryShare ?? null,
  }
}
