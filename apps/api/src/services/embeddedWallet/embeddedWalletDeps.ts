import type { Logger } from '../../logger.ts'
import type { RateLimitCounter } from '../../stores/createRateLimitCounter.ts'
import type { EmbeddedWalletStore } from '../../stores/embeddedWallet/embeddedWalletStore.ts'
import type { AuthShareCipher } from './createAuthShareCipher.ts'
import type { SecretHasher } from './createSecretHasher.ts'
import type { Mailer } from './mailer.ts'

/** Caps on what one address, user or client may do: every write path has one. */
export type EmbeddedWalletLimits = {
  /** Emails (codes and device links) one address may receive per hour. */
  mailsPerEmailPerHour: number
  /** Emails one client IP may cause per hour (only when rate limits are on). */
  mailsPerIpPerHour: number
  /** Code checks per address (or signed-in user) per hour, whatever the code. */
  triesPerEmailPerHour: number
  /** Code checks per client IP per hour (only when rate limits are on). */
  triesPerIpPerHour: number
  /** Devices one user keeps; past it the least recently used one is forgotten. */
  devicesPerUser: number
  /** Devices waiting for their approval link, per user; past it the oldest is forgotten. */
  pendingDevicesPerUser: number
  /** Open sessions one user keeps; past it the oldest one ends. */
  sessionsPerUser: number
}

export const defaultEmbeddedWalletLimits: EmbeddedWalletLimits = {
  mailsPerEmailPerHour: 10,
  mailsPerIpPerHour: 60,
  triesPerEmailPerHour: 30,
  triesPerIpPerHour: 300,
  devicesPerUser: 20,
  pendingDevicesPerUser: 5,
  sessionsPerUser: 20,
}

/** What the embedded wallet's services need; they know nothing of HTTP. */
export type EmbeddedWalletServiceDeps = {
  store: EmbeddedWalletStore
  mailer: Mailer
  cipher: AuthShareCipher
  hasher: SecretHasher
  limits: EmbeddedWalletLimits
  /** Hourly counters shared by every process; without them no hourly cap applies (tests). */
  hourly?: RateLimitCounter | undefined
  /** Whether the per-IP caps apply (LATCH_RATE_LIMITS on). */
  limitIps: boolean
  /** The API's public URL: the device link starts with it. */
  publicApiUrl: string
  now: () => Date
  logger: Logger
}
