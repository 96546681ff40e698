import { randomInt, randomUUID } from 'node:crypto'
import { emailCooldownMs, otpTtlMs } from '@latch/api-contract'
import { EmailCooldownError, MailUnavailableError } from '../../errors/embeddedWallet.ts'
import type { NewEmbeddedCode } from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import { consumeHourlyLimits, emailKey, type HourlyLimit } from './consumeHourlyLimits.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'
import type { Mail } from './mailer.ts'

/** One message of a send: its code row and the email carrying the secret. */
export type OutgoingCode = {
  code: Omit<NewEmbeddedCode, 'id' | 'codeHash' | 'expiresAt' | 'createdAt'>
  /** The secret (6 digits, or a link token) and its lifetime. */
  secret: string
  ttlMs: number
  render: (secret: string) => Mail
}

/** A fresh 6-digit code from the system's CSPRNG. */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * Mails one or more codes under one cooldown: refuses within `emailCooldownMs` of the last
 * mail for `cooldownKey` ('Please try again after {n} seconds'), counts the hourly caps, stores
 * the codes hashed and sends them. When a mail cannot be sent, the codes are deleted and the
 * cooldown is given back: the person can try again at once.
 */
export async function sendEmailCode(
  deps: EmbeddedWalletServiceDeps,
  {
    cooldownKey,
    ip,
    messages,
  }: { cooldownKey: string; ip: string; messages: readonly OutgoingCode[] },
): Promise<void> {
  const now = deps.now()
  const claim = await deps.store.claimCooldown({
    key: cooldownKey,
    now,
    cooldownMs: emailCooldownMs,
  })
  if (!claim.claimed) {
    const remainingMs = claim.lastSentAt.getTime() + emailCooldownMs - now.getTime()
    throw new EmailCooldownError({ retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) })
  }
  const ids: string[] = []
  try {
    const limits: HourlyLimit[] = messages.map(({ code }) => ({
      key: `auth:mail:${emailKey(code.email)}`,
      limit: deps.limits.mailsPerEmailPerHour,
      what: 'emails to this address',
    }))
    if (deps.limitIps)
      limits.push({
        key: `auth:mail-ip:${ip}`,
        limit: deps.limits.mailsPerIpPerHour,
        what: 'emails from this address',
      })
    await consumeHourlyLimits(deps, limits)
    for (const message of messages) {
      const id = randomUUID()
      await deps.store.addCode({
        ...message.code,
        id,
        codeHash: deps.hasher.hash(message.secret),
        expiresAt: new Date(now.getTime() + message.ttlMs),
        createdAt: now,
      })
      ids.push(id)
    }
    for (const message of messages)
      await deps.mailer.send(message.render(message.secret)).catch((error: unknown) => {
        throw new MailUnavailableError({ cause: error })
      })
  } catch (error) {
    await deps.store.releaseCooldown({ key: cooldownKey, previous: claim.previous })
    for (const id of ids) await deps.store.deleteCode(id)
    throw error
  }
}

/** The code's lifetime for the email text, in minutes. */
export const otpTtlMinutes = Math.round(otpTtlMs / 60_000)
