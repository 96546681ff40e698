import { randomBytes } from 'node:crypto'
import { signInNonceTtlMs } from '@latch/api-contract'
import { TooManyNoncesError } from '../../errors/rateLimit.ts'
import type { SessionStore } from '../../stores/sessions/sessionStore.ts'

/**
 * Hands out a sign-in nonce for the project: 128 random bits as 32 hex digits (EIP-4361 wants
 * at least 8 alphanumerics), single use, for 10 minutes. Not viem's `generateSiweNonce`: it
 * draws from `Math.random` and its consecutive nonces overlap in all but one character, so one
 * nonce would give away the next. Past `maxPendingNonces` unused ones in the project: a 429.
 */
export async function createSignInNonce(
  { sessions, maxPendingNonces }: { sessions: SessionStore; maxPendingNonces?: number | undefined },
  { projectId }: { projectId: string },
): Promise<{ nonce: string }> {
  const nonce = randomBytes(16).toString('hex')
  const result = await sessions.addNonce({
    projectId,
    nonce,
    ttlMs: signInNonceTtlMs,
    maxOutstanding: maxPendingNonces,
  })
  if (!result.added)
    throw new TooManyNoncesError({
      max: maxPendingNonces ?? 0,
      retryAfterSeconds: Math.ceil(result.retryAfterMs / 1000),
    })
  return { nonce }
}
