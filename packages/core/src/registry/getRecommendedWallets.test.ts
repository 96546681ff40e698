import type { WalletListing } from '@latch/api-contract'
import { describe, expect, it } from 'vitest'
import { getRecommendedWallets, recommendedWalletsPageSize } from './getRecommendedWallets.ts'

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

describe('getRecommendedWallets', () => {
  it('takes the first 4 in registry order', () => {
    expect(recommendedWalletsPageSize).toBe(4)
    expect(getRecommendedWallets(listings).map((entry) => entry.id)).toEqual([
      'metamask',
      'trust',
      'coinbase',
      'rainbow',
    ])
  })

  it('skips wallets already shown as installed or recent', () => {
    const recommended = getRecommendedWallets(listings, {
      injectedRdns: ['io.metamask', undefined, 'COM.COINBASE.WALLET'],
      recentIds: ['rainbow'],
    })
    expect(recommended.map((entry) => entry.id)).toEqual(['trust', 'safe', 'ledger-live'])
  })

  it('honours a smaller limit and duplicate listings', () => {
    const [metamask, trust] = listings as [WalletListing, WalletListing]
    const recommended = getRecommendedWallets([metamask, metamask, trust, ...listings], {}, 2)
    expect(recommended.map((entry) => entry.id)).toEqual(['metamask', 'trust'])
  })
})
