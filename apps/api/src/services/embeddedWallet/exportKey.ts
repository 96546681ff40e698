import { otpTtlMs } from '@latch/api-contract'
import { EmailRequiredError } from '../../errors/socialSignIn.ts'
import type { EmbeddedUserRecord } from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import { checkEmailCode } from './checkEmailCode.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'
import { renderCodeEmail } from './renderEmails.ts'
import { generateOtp, otpTtlMinutes, sendEmailCode } from './sendEmailCode.ts'

/** Mails a fresh code that the frame asks for before it shows the private key. */
export async function startExport(
  deps: EmbeddedWalletServiceDeps,
  { user, ip }: { user: EmbeddedUserRecord; ip: string },
): Promise<void> {
  // The export is confirmed by a code mailed to the account: a social account without an
  // email has nowhere to receive it (there is no second factor to stand in for it).
  const email = user.email
  if (email === null) throw new EmailRequiredError({ action: 'exporting its key' })
  await sendEmailCode(deps, {
    cooldownKey: `user:${user.id}:export`,
    ip,
    messages: [
      {
        code: {
          purpose: 'export',
          email,
          userId: user.id,
          deviceId: null,
          flowId: null,
        },
        secret: generateOtp(),
        ttlMs: otpTtlMs,
        render: (code) =>
          renderCodeEmail({ to: email, code, kind: 'export', ttlMinutes: otpTtlMinutes }),
      },
    ],
  })
}

/** Checks the export code (single use, 5 tries, 10 minutes). */
export async function verifyExport(
  deps: EmbeddedWalletServiceDeps,
  { user, otp, ip }: { user: EmbeddedUserRecord; otp: string; ip: string },
): Promise<void> {
  const code = await deps.store.latestCode({ purpose: 'export', userId: user.id })
  await checkEmailCode(deps, { code, otp, triesKey: `user:${user.id}`, ip })
}
