import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'

export type ApproveDeviceReturnType = 'approved' | 'used' | 'expired' | 'unknown'

/**
 * Follows a device-approval link: approves the device that asked (once, within its 15
 * minutes) and lifts the address's email cooldown, so the device can ask for its code at once.
 */
export async function approveDevice(
  deps: Pick<EmbeddedWalletServiceDeps, 'store' | 'hasher' | 'now'>,
  { token }: { token: string },
): Promise<ApproveDeviceReturnType> {
  if (!/^[\w-]{43}$/.test(token)) return 'unknown'
  const code = await deps.store.findCodeByHash({
    purpose: 'device',
    codeHash: deps.hasher.hash(token),
  })
  if (!code?.userId || !code.deviceId) return 'unknown'
  if (code.usedAt) return 'used'
  const now = deps.now()
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired'
  if (!(await deps.store.useCode({ id: code.id, now }))) return 'used'
  await deps.store.approveDevice({ userId: code.userId, deviceId: code.deviceId, now })
  await deps.store.clearCooldown(code.email)
  return 'approved'
}
