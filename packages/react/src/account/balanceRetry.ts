import { balanceRetryIntervalMs } from '@latch/core'

/** A failed balance may be fetched again only this long after the failure (spec sections 4, 9). */
export const balanceRetryInterval = balanceRetryIntervalMs

/**
 * Whether a balance may be fetched again: always when it has not failed, else only 30 s after
 * the last failure (`lastFailureAt` in ms since the epoch; 0 or undefined: never failed).
 */
export function canRetryBalance(lastFailureAt: number | undefined, now: number): boolean {
  return !lastFailureAt || now - lastFailureAt >= balanceRetryInterval
}

/** When a failed balance may be fetched again. */
export function getBalanceRetryAt(lastFailureAt: number): number {
  return lastFailureAt + balanceRetryInterval
}
