import type { WalletListing } from '@latch/api-contract'
import { normalizeRdns } from './matchInjectedToListings.ts'

/** Wallets recommended on the Connect view (spec section 9). */
export const recommendedWalletsPageSize = 4

export type GetRecommendedWalletsParameters = {
  /** rdns of the injected (EIP-6963) wallets: already shown as installed. */
  injectedRdns?: readonly (string | null | undefined)[] | undefined
  /** Ids of the recent wallets: already shown as recent. */
  recentIds?: readonly string[] | undefined
}

/**
 * The first `limit` listings, in the registry's recommendation order, that the Connect view
 * does not already show as installed or recent, so each wallet appears once.
 */
export function getRecommendedWallets<listing extends Pick<WalletListing, 'id' | 'rdns'>>(
  listings: readonly listing[],
  parameters: GetRecommendedWalletsParameters = {},
  limit: number = recommendedWalletsPageSize,
): listing[] {
  const injected = new Set(parameters.injectedRdns?.map(normalizeRdns))
  const recent = new Set(parameters.recentIds)
  const seen = new Set<string>()
  const recommended: listing[] = []
  for (const listing of listings) {
    if (recommended.length >= limit) break
    const rdns = normalizeRdns(listing.rdns)
    if (recent.has(listing.id) || (rdns && injected.has(rdns)) || seen.has(listing.id)) continue
    seen.add(listing.id)
    recommended.push(listing)
  }
  return recommended
}
