/** Sent as `X-Sdk-Type` (and `/getWallets`' `sdkType`) with every API call (spec section 7). */
export const sdkType = 'latch'
/**
 * Sent as `X-Sdk-Version` (and `/getWallets`' `sdkVersion`): the version of `@latch/core`,
 * kept equal to packages/core/package.json by `sdkHeaders.test.ts`.
 */
export const sdkVersion = '0.0.0'

/** The SDK headers every request to the Latch API carries. */
export const sdkHeaders: Readonly<Record<'x-sdk-type' | 'x-sdk-version', string>> = {
  'x-sdk-type': sdkType,
  'x-sdk-version': sdkVersion,
}
