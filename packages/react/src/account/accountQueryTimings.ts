import { queryGcTimeMs, queryRetryDelay } from '@latch/core'

/** Query retry delay: 1 s, 2 s, 4 s... doubling up to 30 s (spec section 9, core's `timings.ts`). */
export const accountRetryDelay = queryRetryDelay

/** Unused account data is garbage-collected after 5 minutes (spec section 9). */
export const accountGcTime = queryGcTimeMs

/**
 * The account panel refetches its balances, NFTs and activity this often while shown, so a
 * transfer made elsewhere (another tab, the devnet faucet) appears without a reload.
 */
export const accountRefetchInterval = 8_000
