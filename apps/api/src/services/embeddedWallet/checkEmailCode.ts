import { otpMaxAttempts } from '@latch/api-contract'
import { InvalidOtpError, OtpExpiredError } from '../../errors/embeddedWallet.ts'
import type { EmbeddedCodeRecord } from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import { consumeHourlyLimits, type HourlyLimit } from './consumeHourlyLimits.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'

/**
 * Checks a typed code against the newest one sent and uses it up: each try is counted before
 * the comparison (so parallel guesses count too), the comparison is constant-time, and a code
 * allows `otpMaxAttempts` tries. Throws INVALID_OTP (tries left) or OTP_EXPIRED.
 */
export async function checkEmailCode(
  deps: EmbeddedWalletServiceDeps,
  {
    code,
    otp,
    triesKey,
    ip,
  }: {
    code: EmbeddedCodeRecord | undefined
    otp: string
    /** Who the tries are counted for per hour (an address or a user). */
    triesKey: string
    ip: string
  },
): Promise<EmbeddedCodeRecord> {
  const limits: HourlyLimit[] = [
    { key: `auth:try:${triesKey}`, limit: deps.limits.triesPerEmailPerHour, what: 'code attempts' },
  ]
  if (deps.limitIps)
    limits.push({
      key: `auth:try-ip:${ip}`,
      limit: deps.limits.triesPerIpPerHour,
      what: 'code attempts from this address',
    })
  await consumeHourlyLimits(deps, limits)
  const now = deps.now()
  if (!code) throw new OtpExpiredError({ reason: 'none' })
  const unusable = whyUnusable(code, now)
  if (unusable) throw new OtpExpiredError({ reason: unusable })
  const tries = await deps.store.takeTry({ id: code.id, now, maxAttempts: otpMaxAttempts })
  if (tries === undefined) throw new OtpExpiredError({ reason: 'attempts' })
  if (!deps.hasher.matches(otp, code.codeHash)) {
    const triesLeft = otpMaxAttempts - tries
    if (triesLeft <= 0) throw new OtpExpiredError({ reason: 'attempts' })
    throw new InvalidOtpError({ triesLeft })
  }
  if (!(await deps.store.useCode({ id: code.id, now })))
    throw new OtpExpiredError({ reason: 'used' })
  return code
}

function whyUnusable(code: EmbeddedCodeRecord, now: Date) {
  if (code.usedAt) return 'used' as const
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired' as const
  if (code.attempts >= otpMaxAttempts) return 'attempts' as const
  return undefined
}
