import { randomBytes, randomUUID } from 'node:crypto'
import {
  type EmailVerifyBody,
  type EmailVerifyResponse,
  embeddedSessionTtlMs,
} from '@latch/api-contract'
import { DeviceNotApprovedError, OtpExpiredError } from '../../errors/embeddedWallet.ts'
import { checkEmailCode } from './checkEmailCode.ts'
import { emailKey } from './consumeHourlyLimits.ts'
import { hashSessionToken } from './createSecretHasher.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'
import { toAuthUser } from './toAuthUser.ts'

/**
 * Finishes a sign-in by email with the code from the email: creates the user on first
 * sign-in, and opens a session for the device (a random 256-bit bearer token, stored hashed,
 * valid 7 days).
 */
export async function verifyEmailSignIn(
  deps: EmbeddedWalletServiceDeps,
  { projectId, email, deviceId, otp, ip }: EmailVerifyBody & { ip: string },
): Promise<EmailVerifyResponse> {
  const latest = await deps.store.latestCode({ purpose: 'login', email })
  // A code is good only on the device that asked for it.
  const code = latest?.deviceId === deviceId ? latest : undefined
  if (latest && !code) throw new OtpExpiredError({ reason: 'none' })
  await checkEmailCode(deps, { code, otp, triesKey: emailKey(email), ip })
  const token = randomBytes(32).toString('base64url')
  const now = deps.now()
  const expiresAt = new Date(now.getTime() + embeddedSessionTtlMs)
  const result = await deps.store.signIn({
    email,
    newUserId: randomUUID(),
    deviceId,
    projectId,
    session: { id: randomUUID(), tokenHash: hashSessionToken(token), expiresAt },
    now,
    maxDevices: deps.limits.devicesPerUser,
    maxSessions: deps.limits.sessionsPerUser,
  })
  if (result.status === 'deviceNotApproved') throw new DeviceNotApprovedError()
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    user: await toAuthUser(deps, result.user, { method: 'email', identitySubject: null }),
  }
}
