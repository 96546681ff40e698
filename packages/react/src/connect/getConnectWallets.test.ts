import type { ConnectorType } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { getConnectWallets, getListingTarget } from './getConnectWallets.ts'

const connector = (id: string, name: string, type: ConnectorType = 'ANNOUNCED') => ({
  id,
  name,
  icon: `data:${id}`,
  type,
  rdns: type === 'ANNOUNCED' ? id : undefined,
})
const listing = (id: string, rdns: string | null = null) => ({
  id,
  name: id[0]?.toUpperCase() + id.slice(1),
  image_url: `https://registry.test/${id}.png`,
  rdns,
  mobile_link: `${id}://`,
  desktop_link: null,
  webapp_link: null,
})

const walletConnect = connector('walletConnect', 'WalletConnect', 'WALLET_CONNECT')
const metamask = connector('io.metamask', 'MetaMask')
const rabby = connector('io.rabby', 'Rabby')

const summary = (items: ReturnType<typeof getConnectWallets>) =>
  items.map((item) => `${item.name}${item.tag ? ` (${item.tag})` : ''} -> ${item.target.type}`)

describe('getConnectWallets', () => {
  it('orders recent, installed, recommended, then WalletConnect', () => {
    const items = getConnectWallets({
      recent: [{ id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow://' }],
      connectors: [metamask, rabby, walletConnect],
      recommended: [listing('trust'), listing('zerion'), listing('uniswap')],
    })
    expect(summary(items)).toMatchInlineSnapshot(`
      [
        "Rainbow (recent) -> walletConnect",
        "MetaMask (installed) -> connector",
        "Rabby (installed) -> connector",
        "Trust -> walletConnect",
        "Zerion -> walletConnect",
        "Uniswap -> walletConnect",
        "WalletConnect (qrCode) -> connector",
      ]
    `)
  })

  it('shows each wallet once, matching installed and registry wallets by rdns', () => {
    const items = getConnectWallets({
      recent: [{ id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }],
      connectors: [metamask, rabby, walletConnect],
      recommended: [
        listing('metamask', 'io.metamask'),
        listing('rabby', 'io.rabby'),
        listing('trust'),
      ],
    })
    expect(summary(items)).toEqual([
      'MetaMask (recent) -> connector',
      'Rabby (installed) -> connector',
      'Trust -> walletConnect',
      'WalletConnect (qrCode) -> connector',
    ])
  })

  it('keeps at most 2 recent and 4 recommended wallets', () => {
    const items = getConnectWallets({
      recent: [
        { id: 'walletConnect', name: 'WalletConnect' },
        { id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' },
        { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
      ],
      connectors: [metamask, rabby, walletConnect],
      recommended: ['a', 'b', 'c', 'd', 'e'].map((id) => listing(id)),
    })
    expect(summary(items)).toEqual([
      'WalletConnect (recent) -> connector',
      'Rabby (recent) -> connector',
      'MetaMask (installed) -> connector',
      'A -> walletConnect',
      'B -> walletConnect',
      'C -> walletConnect',
      'D -> walletConnect',
    ])
  })

  it('matches rdns case-insensitively', () => {
    const items = getConnectWallets({
      recent: [],
      connectors: [{ ...rabby, rdns: 'IO.Rabby' }, walletConnect],
      recommended: [listing('rabby', 'io.rabby'), listing('trust')],
    })
    expect(summary(items)).toEqual([
      'Rabby (installed) -> connector',
      'Trust -> walletConnect',
      'WalletConnect (qrCode) -> connector',
    ])
  })

  it('skips a remembered extension that is no longer installed', () => {
    const items = getConnectWallets({
      recent: [{ id: 'io.gone', name: 'Gone', rdns: 'io.gone' }],
      connectors: [walletConnect],
      recommended: [],
    })
    expect(summary(items)).toEqual(['WalletConnect (qrCode) -> connector'])
  })

  it('offers installed wallets and WalletConnect while the registry is unavailable', () => {
    const items = getConnectWallets({
      recent: [],
      connectors: [metamask, walletConnect],
      recommended: [],
    })
    expect(summary(items)).toEqual([
      'MetaMask (installed) -> connector',
      'WalletConnect (qrCode) -> connector',
    ])
  })

  it('recommends nothing without a WalletConnect connector to reach those wallets', () => {
    const items = getConnectWallets({
      recent: [],
      connectors: [metamask],
      recommended: [listing('trust')],
    })
    expect(summary(items)).toEqual(['MetaMask (installed) -> connector'])
  })
})

describe('getListingTarget', () => {
  it('connects an installed registry wallet directly, any other through WalletConnect', () => {
    expect(
      getListingTarget(listing('metamask', 'IO.MetaMask'), [metamask, walletConnect]),
    ).toMatchObject({ type: 'connector', connectorId: 'io.metamask', wallet: { id: 'metamask' } })
    expect(getListingTarget(listing('trust'), [metamask, walletConnect])).toMatchObject({
      type: 'walletConnect',
      wallet: { id: 'trust', name: 'Trust', icon: 'https://registry.test/trust.png' },
    })
  })
})

describe('getConnectWallets collapsed (collapseWallets)', () => {
  it('keeps only the WalletConnect entry: no recent, installed or recommended rows', () => {
    const items = getConnectWallets({
      recent: [{ id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow://' }],
      connectors: [metamask, rabby, walletConnect],
      recommended: [listing('trust'), listing('zerion')],
      collapse: true,
    })
    expect(summary(items)).toEqual(['WalletConnect (qrCode) -> connector'])
  })

  it('keeps the list when there is no WalletConnect, so installed wallets stay reachable', () => {
    const items = getConnectWallets({
      recent: [],
      connectors: [metamask],
      recommended: [],
      collapse: true,
    })
    expect(summary(items)).toEqual(['MetaMask (installed) -> connector'])
  })
})
