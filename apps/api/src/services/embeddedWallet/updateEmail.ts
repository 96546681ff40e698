import { randomUUID } from 'node:crypto'
import { otpTtlMs } from '@latch/api-contract'
import { EmailTakenError } from '../../errors/embeddedWallet.ts'
import { InvalidRequestError } from '../../errors/request.ts'
import type { EmbeddedUserRecord } from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import { checkEmailCode } from './checkEmailCode.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'
import { renderCodeEmail } from './renderEmails.ts'
import { generateOtp, otpTtlMinutes, sendEmailCode } from './sendEmailCode.ts'
import { type SessionMethod, toAuthUser } from './toAuthUser.ts'

/**
 * Starts changing the user's email: one code to the current address (the primary code) and
 * one to the new address (the secondary code); both are needed, in that order. A social
 * account without an email adds one: only the new address gets a code (the session is the
 * proof of the person), and the answer goes straight to VERIFY_SECONDARY_OTP.
 */
export async function startEmailUpdate(
  deps: EmbeddedWalletServiceDeps,
  { user, email, ip }: { user: EmbeddedUserRecord; email: string; ip: string },
): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }> {
  if (email === user.email)
    throw new InvalidRequestError({ message: 'That is already the email of this account.' })
  if (await deps.store.findUserByEmail(email)) throw new EmailTakenError()
  const flowId = randomUUID()
  const message = (purpose: 'email_update_primary' | 'email_update_secondary', to: string) => ({
    code: { purpose, email: to, userId: user.id, deviceId: null, flowId },
    secret: generateOtp(),
    ttlMs: otpTtlMs,
    render: (code: string) =>
      renderCodeEmail({ to, code, kind: purpose, ttlMinutes: otpTtlMinutes }),
  })
  await sendEmailCode(deps, {
    cooldownKey: `user:${user.id}:email_update`,
    ip,
    messages: [
      ...(user.email === null ? [] : [message('email_update_primary', user.email)]),
      message('email_update_secondary', email),
    ],
  })
  return { action: user.email === null ? 'VERIFY_SECONDARY_OTP' : 'VERIFY_PRIMARY_OTP' }
}

/** The code sent to the current address: the first half of an email change. */
export async function verifyEmailUpdatePrimary(
  deps: EmbeddedWalletServiceDeps,
  { user, otp, ip }: { user: EmbeddedUserRecord; otp: string; ip: string },
): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
  const code = await deps.store.latestCode({ purpose: 'email_update_primary', userId: user.id })
  await checkEmailCode(deps, { code, otp, triesKey: `user:${user.id}`, ip })
  return { action: 'VERIFY_SECONDARY_OTP' }
}

/** The code sent to the new address, after the primary one: the email changes. */
export async function verifyEmailUpdateSecondary(
  deps: EmbeddedWalletServiceDeps,
  {
    user,
    session,
    otp,
    ip,
  }: { user: EmbeddedUserRecord; session: SessionMethod; otp: string; ip: string },
) {
  const [code, primary] = await Promise.all([
    deps.store.latestCode({ purpose: 'email_update_secondary', userId: user.id }),
    deps.store.latestCode({ purpose: 'email_update_primary', userId: user.id }),
  ])
  // Without a current address there is no primary code: the new address's code is enough.
  const primaryDone = user.email === null || (primary?.usedAt && primary.flowId === code?.flowId)
  if (!primaryDone || !code)
    throw new InvalidRequestError({
      message: 'Enter the code sent to the current email first.',
    })
  await checkEmailCode(deps, { code, otp, triesKey: `user:${user.id}`, ip })
  if ((await deps.store.updateEmail({ userId: user.id, email: code.email })) === 'taken')
    throw new EmailTakenError()
  return toAuthUser(deps, { ...user, email: code.email }, session)
}
