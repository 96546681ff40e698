import type { LatchWebConfig } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { createAppConfig } from './createAppConfig.ts'

const webConfig: LatchWebConfig = {
  apiUrl: 'http://127.0.0.1:4171',
  projectId: 'p1',
  relayUrl: 'ws://127.0.0.1:4172',
  authUrl: 'http://127.0.0.1:4177',
  appName: 'Latch',
  networks: [
    {
      id: 31337,
      name: 'Latch Devnet',
      caipNetworkId: 'eip155:31337',
      rpcUrl: 'http://127.0.0.1:4171/v1/?chainId=eip155:31337&projectId=p1',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
}

/** Just enough of a browser window: storage, its origin, events for EIP-6963. */
function fakeWindow(): Window {
  const items = new Map<string, string>()
  return {
    location: { origin: 'http://127.0.0.1:4173' },
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => true,
  } as unknown as Window
}

const types = (config: ReturnType<typeof createAppConfig>) =>
  config.getState().connectors.map((connector) => `${connector.type}:${connector.id}`)

describe('createAppConfig', () => {
  it('adds the embedded wallet (email sign-in) when the config has an auth site', () => {
    const config = createAppConfig(webConfig, fakeWindow())
    expect(types(config)).toEqual(['WALLET_CONNECT:walletConnect', 'AUTH:embeddedWallet'])
    expect(config.options.features.email).toBe(true)
  })

  it('leaves it out with the email feature off, or without an auth site', () => {
    const off = createAppConfig({ ...webConfig, features: { email: false } }, fakeWindow())
    expect(types(off)).toEqual(['WALLET_CONNECT:walletConnect'])
    const { authUrl: _, ...withoutAuth } = webConfig
    expect(types(createAppConfig(withoutAuth, fakeWindow()))).toEqual([
      'WALLET_CONNECT:walletConnect',
    ])
  })

  it('offers the social sign-ins of the web config through the embedded wallet', () => {
    const config = createAppConfig(
      { ...webConfig, features: { email: false }, socials: ['github', 'farcaster'] },
      fakeWindow(),
    )
    expect(types(config)).toEqual(['WALLET_CONNECT:walletConnect', 'AUTH:embeddedWallet'])
    const auth = config.getState().connectors.find((connector) => connector.type === 'AUTH')
    expect(auth?.embedded?.socials).toEqual(['github', 'farcaster'])
    const off = createAppConfig(
      { ...webConfig, features: { email: false, socials: false }, socials: ['github'] },
      fakeWindow(),
    )
    expect(types(off)).toEqual(['WALLET_CONNECT:walletConnect'])
    expect(
      createAppConfig(webConfig, fakeWindow())
        .getState()
        .connectors.find((connector) => connector.type === 'AUTH')?.embedded?.socials,
    ).toEqual([])
  })

  it('checks the options whole: the legal checkbox with its links and email on', () => {
    const config = createAppConfig(
      {
        ...webConfig,
        features: { legalCheckbox: true },
        termsConditionsUrl: 'https://shop.example/terms',
      },
      fakeWindow(),
    )
    expect(types(config)).toEqual(['WALLET_CONNECT:walletConnect', 'AUTH:embeddedWallet'])
  })
})
