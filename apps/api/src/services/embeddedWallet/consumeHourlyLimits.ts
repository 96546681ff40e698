import { createHash } from 'node:crypto'
import { EmbeddedLimitError } from '../../errors/embeddedWallet.ts'
import type { EmbeddedWalletServiceDeps } from './embeddedWalletDeps.ts'

/** One hourly cap: `limit` events per hour under `key`; `what` names them in the refusal. */
export type HourlyLimit = { key: string; limit: number; what: string }

/** Counts one event under every cap; over one of them: `EmbeddedLimitError` (a 429). */
export async function consumeHourlyLimits(
  deps: Pick<EmbeddedWalletServiceDeps, 'hourly'>,
  limits: readonly HourlyLimit[],
): Promise<void> {
  if (!deps.hourly || limits.length === 0) return
  const decision = await deps.hourly.consume(
    limits.map(({ key, limit }) => ({ key, limit, scope: 'ip' as const })),
  )
  if (decision.allowed) return
  // The counter names no key: the first cap this event is over is reported.
  throw new EmbeddedLimitError({
    what: limits[0]?.what ?? 'requests',
    retryAfterSeconds: decision.retryAfterSeconds,
  })
}

/** A counter key for an address that keeps the address itself out of the counters table. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 32)
}
