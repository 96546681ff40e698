import { SessionExpiredError } from '../../errors/embeddedWallet.ts'
import type {
  EmbeddedSessionRecord,
  EmbeddedUserRecord,
} from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import { hashSessionToken } from './createSecretHasher.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'

export type AuthenticateReturnType = { session: EmbeddedSessionRecord; user: EmbeddedUserRecord }

/**
 * The session and user of an `Authorization: Bearer <token>` header; SESSION_EXPIRED (401)
 * without one, or when the session expired or was signed out.
 */
export async function authenticate(
  deps: Pick<EmbeddedWalletServiceDeps, 'store' | 'now'>,
  { authorization }: { authorization: string | undefined },
): Promise<AuthenticateReturnType> {
  const token = /^Bearer ([\w-]{43})$/.exec(authorization?.trim() ?? '')?.[1]
  if (!authorization) throw new SessionExpiredError({ reason: 'missing' })
  if (!token) throw new SessionExpiredError({ reason: 'invalid' })
  const session = await deps.store.getSessionByTokenHash(hashSessionToken(token))
  if (!session || session.revokedAt || session.expiresAt.getTime() <= deps.now().getTime())
    throw new SessionExpiredError({ reason: 'invalid' })
  const user = await deps.store.getUser(session.userId)
  if (!user) throw new SessionExpiredError({ reason: 'invalid' })
  return { session, user }
}
