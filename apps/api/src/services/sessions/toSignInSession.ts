import type { SignInSession } from '@latch/api-contract'
import type { SessionRecord } from '../../stores/sessions/sessionStore.ts'

/** The DTO of a stored session: never its message or signature. */
export function toSignInSession(session: SessionRecord): SignInSession {
  return {
    id: session.id,
    address: session.address,
    chainId: session.chainId ?? session.caipNetworkId,
    caipNetworkId: session.caipNetworkId,
    domain: session.domain,
    issuedAt: session.issuedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  }
}
