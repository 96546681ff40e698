import type { LatchCaipNetwork } from '@latch/core'
import { expect, test } from 'vitest'
import { getNetworkGroups } from './getNetworkGroups.ts'

const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const networks: LatchCaipNetwork[] = [
  {
    id: 31337,
    name: 'Latch Devnet',
    caipNetworkId: 'eip155:31337',
    rpcUrl: 'http://a',
    nativeCurrency: currency,
  },
  {
    namespace: 'solana',
    reference: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
    caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
    name: 'Latch Solana Devnet',
    rpcUrl: 'http://127.0.0.1:4180',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  },
  {
    id: 1,
    name: 'Ethereum',
    caipNetworkId: 'eip155:1',
    rpcUrl: 'http://b',
    nativeCurrency: currency,
  },
  {
    namespace: 'bip122',
    reference: '0f9188f13cb7b2c71f2a335e3a4fc328',
    caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    name: 'Bitcoin Regtest',
    network: 'regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  },
]

test('networks are grouped by namespace, groups and rows in the configured order', () => {
  expect(getNetworkGroups(networks)).toEqual([
    {
      namespace: 'eip155',
      networks: [
        { caipNetworkId: 'eip155:31337', name: 'Latch Devnet', chainId: 31337, tag: 'devnet' },
        { caipNetworkId: 'eip155:1', name: 'Ethereum', chainId: 1 },
      ],
    },
    {
      namespace: 'solana',
      networks: [
        {
          caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
          name: 'Latch Solana Devnet',
          tag: 'devnet',
        },
      ],
    },
    {
      namespace: 'bip122',
      networks: [
        {
          caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
          name: 'Bitcoin Regtest',
          tag: 'devnet',
        },
      ],
    },
  ])
})

test('EVM networks alone make one group', () => {
  expect(getNetworkGroups(networks.slice(0, 1)).map((group) => group.namespace)).toEqual(['eip155'])
})
