import type { WalletListing } from '@latch/api-contract'
import { describe, expect, it } from 'vitest'
import { matchInjectedToListings } from './matchInjectedToListings.ts'

const listing = (id: string, rdns: string | null = null): WalletListing => ({
  id,
  name: id,
  image_id: `${id}-v1`,
  image_url: `http://api.test/getWalletImage/${id}-v1`,
  rdns,
  chains: ['eip155:1'],
  mobile_link: `${id}://`,
  desktop_link: null,
  webapp_link: null,
  homepage: null,
  badge_type: 'none',
})

const listings = [
  listing('metamask', 'io.metamask'),
  listing('trust', 'com.trustwallet.app'),
  listing('coinbase', 'com.coinbase.wallet'),
  listing('rainbow', 'me.rainbow'),
  listing('safe'),
  listing('ledger-live'),
]

describe('matchInjectedToListings', () => {
  it('pairs injected wallets with listings by rdns; each wallet once', () => {
    const injected = [
      { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
      { id: 'xyz.unknown', name: 'Unlisted', rdns: 'xyz.unknown' },
      { id: 'walletConnect', name: 'WalletConnect' },
      { id: 'me.rainbow', name: 'Rainbow', rdns: 'ME.Rainbow' },
    ]
    const result = matchInjectedToListings(injected, listings)
    expect(result.injected.map(({ wallet, listing }) => [wallet.id, listing?.id ?? null])).toEqual([
      ['io.metamask', 'metamask'],
      ['xyz.unknown', null],
      ['walletConnect', null],
      ['me.rainbow', 'rainbow'],
    ])
    // The injected wallet is what is shown; the listing only adds its links.
    expect(result.injected[0]?.wallet.name).toBe('MetaMask')
    expect(result.injected[0]?.listing?.mobile_link).toBe('metamask://')
    expect(result.listings.map((entry) => entry.id)).toEqual([
      'trust',
      'coinbase',
      'safe',
      'ledger-live',
    ])
  })

  it('leaves everything listed when nothing is injected', () => {
    expect(matchInjectedToListings([], listings)).toEqual({ injected: [], listings })
  })
})
