import type { WalletListing } from '@latch/api-contract'

export type MatchInjectedToListingsReturnType<injected, listing> = {
  /**
   * Every injected wallet, in its order, with the listing of the same rdns when there is one:
   * the injected wallet is the one shown and connected, the listing supplies its links.
   */
  injected: { wallet: injected; listing: listing | undefined }[]
  /** The listings no injected wallet claimed, in their order. */
  listings: listing[]
}

/**
 * Pairs EIP-6963 wallets with registry listings by rdns so the Connect view shows each wallet
 * once: an installed MetaMask is not listed again as a WalletConnect wallet.
 */
export function matchInjectedToListings<
  injected extends { readonly rdns?: string | null | undefined },
  listing extends Pick<WalletListing, 'rdns'>,
>(
  injected: readonly injected[],
  listings: readonly listing[],
): MatchInjectedToListingsReturnType<injected, listing> {
  const listingByRdns = new Map<string, listing>()
  for (const listing of listings) {
    const rdns = normalizeRdns(listing.rdns)
    if (rdns && !listingByRdns.has(rdns)) listingByRdns.set(rdns, listing)
  }
  const claimed = new Set<listing>()
  const pairs = injected.map((wallet) => {
    const rdns = normalizeRdns(wallet.rdns)
    const listing = rdns ? listingByRdns.get(rdns) : undefined
    if (listing) claimed.add(listing)
    return { wallet, listing }
  })
  return { injected: pairs, listings: listings.filter((listing) => !claimed.has(listing)) }
}

/** rdns are lowercase by convention; a wallet announcing "IO.MetaMask" is still MetaMask. */
export function normalizeRdns(rdns: string | null | undefined): string | undefined {
  return rdns?.trim().toLowerCase() || undefined
}
