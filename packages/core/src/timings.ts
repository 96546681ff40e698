/*
 * The client's timing rules (spec section 9), each one named constant in one place. Core's
 * viem transports, `requestApi`, the React query options and the API's caches read them here.
 */

/** Every viem transport core creates: 10 s per RPC call, then 2 retries. */
export const rpcTimeoutMs = 10_000
export const rpcRetryCount = 2

/** HTTP statuses an idempotent API call is retried on. */
export const httpRetryStatuses: readonly number[] = [403, 408, 413, 429, 500, 502, 503, 504]
/** Retries after the first attempt. */
export const httpRetryCount = 3
/** First retry after 150 ms, then 300 ms, 600 ms (unless the answer's `Retry-After` says more). */
export const httpRetryBaseDelayMs = 150
/** A `Retry-After` longer than this is not waited for: the call fails instead. */
export const httpRetryAfterMaxMs = 30_000

/** Query retry delay: from 1 s, doubling, at most 30 s. */
export const queryRetryBaseDelayMs = 1_000
export const queryRetryMaxDelayMs = 30_000
/** Unused query data is garbage-collected after 5 minutes. */
export const queryGcTimeMs = 5 * 60_000

/** A failed balance is fetched again only 30 s after its last failure. */
export const balanceRetryIntervalMs = 30_000

/** Caches: portfolio (token balances) 30 s, native balance 30 s, ENS names 5 min, identity 5 min. */
export const portfolioCacheMs = 30_000
export const nativeBalanceCacheMs = 30_000
export const ensCacheMs = 5 * 60_000
export const identityCacheMs = 5 * 60_000

/** Transaction receipt wait: 180 s, 6 retries from 200 ms (doubling), 1 confirmation. */
export const receiptTimeoutMs = 180_000
export const receiptRetryCount = 6
export const receiptRetryDelayMs = 200
export const receiptConfirmations = 1
/** A pending transaction re-checked by hash (after a reload, on a poll) is awaited this long. */
export const confirmationWaitMs = 25_000

/** Pending transactions kept (the oldest beyond this is dropped). */
export const pendingTransactionsLimit = 99
/** Pending transactions are polled this often when polling is enabled (off by default). */
export const pendingTransactionsPollingMs = 30_000

/** Delay before query retry `attempt` (0 for the first retry): 1 s, 2 s, 4 s... at most 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(queryRetryBaseDelayMs * 2 ** attempt, queryRetryMaxDelayMs)
}

/** Delay before HTTP retry `attempt` (0 for the first retry): 150 ms, 300 ms, 600 ms. */
export function httpRetryDelay(attempt: number): number {
  return httpRetryBaseDelayMs * 2 ** attempt
}

/** viem's `waitForTransactionReceipt` retry delay: 200 ms, 400 ms, 800 ms... */
export function receiptRetryDelay({ count }: { count: number }): number {
  return receiptRetryDelayMs * 2 ** count
}
