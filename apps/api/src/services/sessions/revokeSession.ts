import { revokeSessionMessage } from '@latch/api-contract'
import { isAddressEqual } from 'viem'
import { InvalidSignatureError, SessionNotFoundError } from '../../errors/session.ts'
import type { SessionStore } from '../../stores/sessions/sessionStore.ts'
import { asHexSignature } from './signIn.ts'
import { type VerifySignatureDeps, verifySignature } from './verifySignature.ts'
import { verifySiwxSignature } from './verifySiwxSignature.ts'

/** EVM addresses compare without case; Solana and Bitcoin ones exactly. */
function sameAddress(stored: string, given: string): boolean {
  return stored.startsWith('0x') && given.startsWith('0x')
    ? isAddressEqual(stored as `0x${string}`, given as `0x${string}`)
    : stored === given
}

/**
 * Revokes session `pci` of `address` in the project, when `signature` is the address's EIP-191
 * signature of `revokeSessionMessage(pci)`, checked on the session's chain (so contract accounts
 * can revoke too; Solana and Bitcoin accounts sign it as they signed in). Revoking a revoked or expired session succeeds and changes nothing.
 */
export async function revokeSession(
  deps: { sessions: SessionStore } & VerifySignatureDeps,
  {
    projectId,
    address,
    pci,
    signature,
  }: {
    projectId: string
    /** EIP-55 for EVM; a Solana or Bitcoin address as signed in. */
    address: string
    pci: string
    /** As at sign-in: EVM 0x hex, Solana base58 or hex, Bitcoin base64. */
    signature: string
  },
): Promise<void> {
  const session = await deps.sessions.get({ projectId, id: pci })
  // Another address's session is answered like a missing one.
  if (!session || !sameAddress(session.address, address))
    throw new SessionNotFoundError({ id: pci, address })
  const namespace = session.caipNetworkId.slice(0, session.caipNetworkId.indexOf(':'))
  const signed =
    session.chainId !== null
      ? await verifySignature(deps, {
          chainId: session.chainId,
          address: session.address as `0x${string}`,
          message: revokeSessionMessage(pci),
          signature: asHexSignature(signature),
        })
      : verifySiwxSignature({
          namespace: namespace === 'bip122' ? 'bip122' : 'solana',
          address: session.address,
          message: revokeSessionMessage(pci),
          signature,
        })
  if (!signed) throw new InvalidSignatureError({ address: session.address, what: 'revocation' })
  await deps.sessions.revoke({ projectId, id: pci })
}
