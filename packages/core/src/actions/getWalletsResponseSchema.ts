/**
 * The contract's schema of `GET /getWallets`, on its own so `getWallets` can load it (and zod)
 * lazily: the connect modal's code is prefetched before any click, zod is not.
 */
export { getWalletsResponseSchema } from '@latch/api-contract'
