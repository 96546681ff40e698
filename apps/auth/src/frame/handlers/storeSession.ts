import type { EmailVerifyResponse } from '@latch/api-contract'
import type { FrameContext } from '../frameContext.ts'

/**
 * Keeps a new session from any sign-in (email code, social, Farcaster) in the frame's storage,
 * replacing the one before; the sign-in in progress is over.
 */
export async function storeSession(
  context: FrameContext,
  { token, expiresAt, user }: EmailVerifyResponse,
): Promise<void> {
  await context.sessions.setSession({
    token,
    expiresAt,
    email: user.email,
    username: user.username,
    signInMethod: user.signInMethod,
    address: user.address ?? undefined,
  })
  context.state.pendingEmail = undefined
  context.state.verifiedCode = undefined
}
