/** Query retry delay: 1 s, 2 s, 4 s... doubling up to 30 s (spec section 9). */
export function accountRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}

/** Unused account data is garbage-collected after 5 minutes (spec section 9). */
export const accountGcTime = 5 * 60_000

/**
 * The account panel refetches its balances, NFTs and activity this often while shown, so a
 * transfer made elsewhere (another tab, the devnet faucet) appears without a reload.
 */
export const accountRefetchInterval = 8_000
