import { revokeSessionMessage } from '@latch/api-contract'
import { type Address, type Hex, isAddressEqual } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import { InvalidSignatureError, SessionNotFoundError } from '../../errors/session.ts'
import type { SessionStore } from '../../stores/sessions/sessionStore.ts'
import { verifySignature } from './verifySignature.ts'

/**
 * Revokes session `pci` of `address` in the project, when `signature` is the address's EIP-191
 * signature of `revokeSessionMessage(pci)`, checked on the session's chain (so contract accounts
 * can revoke too). Revoking a revoked or expired session succeeds and changes nothing.
 */
export async function revokeSession(
  deps: { sessions: SessionStore; clients: ChainClients },
  {
    projectId,
    address,
    pci,
    signature,
  }: {
    projectId: string
    address: Address
    pci: string
    signature: Hex
  },
): Promise<void> {
  const session = await deps.sessions.get({ projectId, id: pci })
  // Another address's session is answered like a missing one.
  if (!session || !isAddressEqual(session.address, address))
    throw new SessionNotFoundError({ id: pci, address })
  const signed = await verifySignature(deps, {
    chainId: session.chainId,
    address: session.address,
    message: revokeSessionMessage(pci),
    signature,
  })
  if (!signed) throw new InvalidSignatureError({ address: session.address, what: 'revocation' })
  await deps.sessions.revoke({ projectId, id: pci })
}
