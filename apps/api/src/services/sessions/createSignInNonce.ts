import { randomBytes } from 'node:crypto'
import { signInNonceTtlMs } from '@latch/api-contract'
import type { SessionStore } from '../../stores/sessions/sessionStore.ts'

/**
 * Hands out a sign-in nonce for the project: 128 random bits as 32 hex digits (EIP-4361 wants
 * at least 8 alphanumerics), single use, for 10 minutes. Not viem's `generateSiweNonce`: it
 * draws from `Math.random` and its consecutive nonces overlap in all but one character, so one
 * nonce would give away the next.
 */
export async function createSignInNonce(
  { sessions }: { sessions: SessionStore },
  { projectId }: { projectId: string },
): Promise<{ nonce: string }> {
  const nonce = randomBytes(16).toString('hex')
  await sessions.addNonce({ projectId, nonce, ttlMs: signInNonceTtlMs })
  return { nonce }
}
