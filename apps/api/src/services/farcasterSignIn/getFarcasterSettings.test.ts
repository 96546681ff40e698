import { describe, expect, it } from 'vitest'
import { getFarcasterSettings } from './getFarcasterSettings.ts'

const unset = {
  LATCH_FARCASTER_RELAY_URL: undefined,
  LATCH_FARCASTER_RPC_URL: undefined,
  LATCH_FARCASTER_CHAIN_ID: 10,
  LATCH_FARCASTER_ID_REGISTRY: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
}
const manifest = {
  chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:4174' }],
  farcaster: {
    relayUrl: 'http://127.0.0.1:4180',
    relayKey: 'k',
    chainId: 31337,
    idRegistry: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    accounts: [],
  },
} as unknown as Parameters<typeof getFarcasterSettings>[0]['manifest']

describe('getFarcasterSettings', () => {
  it('takes the settings when the relay is configured', () => {
    expect(
      getFarcasterSettings({
        config: {
          ...unset,
          LATCH_FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz',
          LATCH_FARCASTER_RPC_URL: 'https://mainnet.optimism.io',
        },
        manifest,
      }),
    ).toEqual({
      relayUrl: 'https://relay.farcaster.xyz',
      rpcUrl: 'https://mainnet.optimism.io',
      chainId: 10,
      idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
      source: 'config',
    })
  })

  it('falls back to the devnet relay and its chain, or to nothing', () => {
    expect(getFarcasterSettings({ config: unset, manifest })).toEqual({
      relayUrl: 'http://127.0.0.1:4180',
      rpcUrl: 'http://127.0.0.1:4174',
      chainId: 31337,
      idRegistry: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      source: 'devnet',
    })
    expect(getFarcasterSettings({ config: unset })).toBeUndefined()
  })

  it('refuses a relay without an RPC URL for the IdRegistry', () => {
    expect(() =>
      getFarcasterSettings({
        config: { ...unset, LATCH_FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz' },
      }),
    ).toThrow(/LATCH_FARCASTER_RPC_URL/)
  })
})
