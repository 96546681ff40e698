import type { DevnetManifest } from '@latch/api-contract'

/** The project id of `devnetManifestFixture`. */
export const fixtureProjectId = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5'

const address = (last: string) => `0x${last.padStart(40, '0')}`
const key = (last: string) => `0x${last.padStart(64, '0')}`

/** A valid devnet manifest with one chain at `rpcUrl`, as the devnet would write it. */
export function devnetManifestFixture(rpcUrl: string): DevnetManifest {
  return {
    version: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    projectId: fixtureProjectId,
    relayUrl: 'ws://127.0.0.1:4172',
    faucetUrl: 'http://127.0.0.1:4173/faucet',
    chains: [
      {
        id: 31337,
        name: 'Latch Devnet',
        caipNetworkId: 'eip155:31337',
        rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        contracts: {
          multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
          weth: address('e1'),
          usd: address('e2'),
          uniswapV2Factory: address('e3'),
          uniswapV2Router: address('e4'),
          nft: address('e5'),
        },
        tokens: [
          {
            address: address('e1'),
            name: 'Wrapped Ether',
            symbol: 'WETH',
            decimals: 18,
            seedPriceUsd: 3000,
          },
          {
            address: address('e2'),
            name: 'Latch USD',
            symbol: 'lUSD',
            decimals: 6,
            seedPriceUsd: 1,
          },
        ],
        nft: {
          address: address('e5'),
          name: 'Latch Pass',
          symbol: 'PASS',
          baseUri: 'http://127.0.0.1:4173/nft/',
        },
      },
    ],
    accounts: [{ address: address('f1'), privateKey: key('1') }],
    demoWallet: { address: address('f1'), privateKey: key('1') },
  }
}
