import { randomBytes } from 'node:crypto'
import { deviceApprovalTtlMs, type EmailStartBody, otpTtlMs } from '@latch/api-contract'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'
import { renderCodeEmail, renderDeviceEmail } from './renderEmails.ts'
import { generateOtp, otpTtlMinutes, sendEmailCode } from './sendEmailCode.ts'

export type StartEmailSignInReturnType = { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }

/**
 * Starts a sign-in by email (spec section 5). A known user (one with a wallet) on a device it
 * has not approved gets a device-approval link by email (VERIFY_DEVICE); anyone else (a new
 * user, or an approved device) gets a 6-digit code (VERIFY_OTP). One email per address every
 * 30 s ('Please try again after {n} seconds').
 */
export async function startEmailSignIn(
  deps: EmbeddedWalletServiceDeps,
  { email, deviceId, ip }: Omit<EmailStartBody, 'projectId'> & { ip: string },
): Promise<StartEmailSignInReturnType> {
  const user = await deps.store.findUserByEmail(email)
  const wallet = user && (await deps.store.getWallet(user.id))
  const device = user && wallet && (await deps.store.getDevice({ userId: user.id, deviceId }))
  if (user && wallet && !device?.approvedAt) {
    const token = randomBytes(32).toString('base64url')
    const link = `${deps.publicApiUrl}/auth/v1/device/approve?token=${token}`
    await deps.store.addPendingDevice({
      userId: user.id,
      deviceId,
      now: deps.now(),
      maxDevices: deps.limits.pendingDevicesPerUser,
    })
    await sendEmailCode(deps, {
      cooldownKey: email,
      ip,
      messages: [
        {
          code: { purpose: 'device', email, userId: user.id, deviceId, flowId: null },
          secret: token,
          ttlMs: deviceApprovalTtlMs,
          render: () =>
            renderDeviceEmail({
              to: email,
              link,
              ttlMinutes: Math.round(deviceApprovalTtlMs / 60_000),
            }),
        },
      ],
    })
    return { action: 'VERIFY_DEVICE' }
  }
  await sendEmailCode(deps, {
    cooldownKey: email,
    ip,
    messages: [
      {
        code: { purpose: 'login', email, userId: null, deviceId, flowId: null },
        secret: generateOtp(),
        ttlMs: otpTtlMs,
        render: (code) =>
          renderCodeEmail({ to: email, code, kind: 'login', ttlMinutes: otpTtlMinutes }),
      },
    ],
  })
  return { action: 'VERIFY_OTP' }
}
