import type { Connector, NamespaceConnector } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { getConnectWallets } from './getConnectWallets.ts'
import { getNamespaceWallets } from './getNamespaceWallets.ts'

const evm = (name: string) =>
  ({
    id: `io.${name.toLowerCase()}`,
    name,
    icon: 'data:,e',
    type: 'ANNOUNCED',
    chainNamespace: 'eip155',
  }) as Connector
const standard = (name: string, chainNamespace: 'solana' | 'bip122') =>
  ({
    id: `walletStandard.${chainNamespace}.${name}`,
    name,
    icon: 'data:,s',
    type: 'ANNOUNCED',
    chainNamespace,
    caipNetworkIds: [],
  }) as unknown as NamespaceConnector

const phantom = [evm('Phantom'), standard('Phantom', 'solana'), standard('Phantom', 'bip122')]
const devnet = [
  standard('Latch Devnet Wallet', 'solana'),
  standard('Latch Devnet Wallet', 'bip122'),
]
const solflare = standard('Solflare', 'solana')

describe('getNamespaceWallets', () => {
  it('lists a Solana and Bitcoin wallet once, with a badge per namespace, connecting the first not connected', () => {
    const first = getNamespaceWallets({
      connectors: [],
      namespaceConnectors: [...devnet, solflare],
      connected: ['eip155'],
    })
    expect(first.items.map((item) => [item.name, item.namespaces, item.target])).toEqual([
      [
        'Latch Devnet Wallet',
        ['solana', 'bip122'],
        { type: 'connector', connectorId: 'walletStandard.solana.Latch Devnet Wallet' },
      ],
      [
        'Solflare',
        ['solana'],
        { type: 'connector', connectorId: 'walletStandard.solana.Solflare' },
      ],
    ])
    const second = getNamespaceWallets({
      connectors: [],
      namespaceConnectors: devnet,
      connected: ['eip155', 'solana'],
    })
    expect(second.items[0]?.target).toEqual({
      type: 'connector',
      connectorId: 'walletStandard.bip122.Latch Devnet Wallet',
    })
  })

  it('filtered to a namespace: only its wallets, each connecting that namespace', () => {
    const { items } = getNamespaceWallets({
      connectors: [phantom[0] as Connector],
      namespaceConnectors: [...(phantom.slice(1) as NamespaceConnector[]), ...devnet, solflare],
      namespace: 'bip122',
      connected: [],
    })
    expect(items.map((item) => item.target)).toEqual([
      { type: 'connector', connectorId: 'walletStandard.bip122.Phantom' },
      { type: 'connector', connectorId: 'walletStandard.bip122.Latch Devnet Wallet' },
    ])
    expect(items[0]?.namespaces).toEqual(['eip155', 'solana', 'bip122'])
  })

  it('an EVM wallet that is also a Solana and Bitcoin wallet keeps its one EVM row, with badges', () => {
    const namespaceWallets = getNamespaceWallets({
      connectors: [phantom[0] as Connector],
      namespaceConnectors: phantom.slice(1) as NamespaceConnector[],
      connected: [],
    })
    expect(namespaceWallets.items).toEqual([])
    const rows = getConnectWallets({
      recent: [],
      connectors: [phantom[0] as Connector],
      recommended: [],
      namespaceWallets,
    })
    expect(rows.map((row) => [row.name, row.namespaces, row.target])).toEqual([
      ['Phantom', ['eip155', 'solana', 'bip122'], { type: 'connector', connectorId: 'io.phantom' }],
    ])
  })
})
