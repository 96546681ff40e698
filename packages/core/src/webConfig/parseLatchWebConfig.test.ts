import { describe, expect, it } from 'vitest'
import { InvalidConfigError } from '../errors/config.ts'
import { parseLatchWebConfig } from './parseLatchWebConfig.ts'

const valid = {
  apiUrl: 'http://127.0.0.1:4171/',
  projectId: '0123456789abcdef0123456789abcdef',
  relayUrl: 'ws://127.0.0.1:4172',
  appName: 'Latch',
  networks: [
    {
      id: 31337,
      name: 'Latch Devnet',
      caipNetworkId: 'eip155:31337',
      rpcUrl: 'http://127.0.0.1:4174',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
}

describe('parseLatchWebConfig', () => {
  it('accepts a valid config and trims the API URL', () => {
    expect(parseLatchWebConfig(valid).apiUrl).toBe('http://127.0.0.1:4171')
  })

  it("keeps the embedded wallet's auth site (trimmed), and refuses one that is not http(s)", () => {
    expect(parseLatchWebConfig(valid).authUrl).toBeUndefined()
    expect(parseLatchWebConfig({ ...valid, authUrl: 'http://127.0.0.1:4177/' }).authUrl).toBe(
      'http://127.0.0.1:4177',
    )
    expect(() => parseLatchWebConfig({ ...valid, authUrl: 'javascript:alert(1)' })).toThrow(
      'authUrl: expected an http(s) URL.',
    )
  })

  it('keeps the social sign-ins the auth backend offers, each once, and refuses unknown ones', () => {
    expect(parseLatchWebConfig(valid).socials).toBeUndefined()
    expect(
      parseLatchWebConfig({ ...valid, socials: ['google', 'farcaster', 'google'] }).socials,
    ).toEqual(['google', 'farcaster'])
    expect(() => parseLatchWebConfig({ ...valid, socials: ['myspace'] })).toThrow(
      'socials: expected a list of google, x, discord, farcaster, github, apple, facebook.',
    )
    expect(() => parseLatchWebConfig({ ...valid, socials: 'google' })).toThrow(InvalidConfigError)
  })

  it('accepts a devnet wallet on configured chains', () => {
    const devnetWallet = {
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      privateKey: `0x${'11'.repeat(32)}`,
      chainIds: [31337],
    }
    expect(parseLatchWebConfig({ ...valid, devnetWallet }).devnetWallet).toEqual(devnetWallet)
  })

  it('passes the devnet wallet through for its own parser (it is checked when it loads)', () => {
    const devnetWallet = { address: '0x12' }
    expect(parseLatchWebConfig({ ...valid, devnetWallet }).devnetWallet).toEqual(devnetWallet)
    expect(() => parseLatchWebConfig({ ...valid, devnetWallet: 'yes' })).toThrow(
      'devnetWallet: expected an object.',
    )
  })

  it('names a missing project id with the spec alert', () => {
    expect(() =>
      parseLatchWebConfig({ ...valid, projectId: '' }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [ProjectIdNotConfiguredError: Project ID Not Configured.

      Set LATCH_PROJECT_ID, or start the devnet so the manifest provides one.]
    `)
  })

  it('lists every problem of a malformed config', () => {
    expect(() =>
      parseLatchWebConfig({
        ...valid,
        relayUrl: 'http://relay',
        networks: [{ ...valid.networks[0], id: -1, rpcUrl: 'file:///etc/passwd' }],
      }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidConfigError: The app configuration is invalid.

      relayUrl: expected a ws(s) URL.
      networks[0].id: expected a positive integer.
      networks[0].caipNetworkId: expected "eip155:-1".
      networks[0].rpcUrl: expected an http(s) URL.]
    `)
  })

  it('explains a missing config', () => {
    expect(() => parseLatchWebConfig(undefined)).toThrow('The app configuration is invalid.')
  })
})

describe('walletConnectProjectId', () => {
  const base = {
    apiUrl: 'https://api.example.com',
    projectId: 'latch-project',
    relayUrl: 'wss://relay.example.com',
    appName: 'Latch',
    networks: [
      {
        id: 8453,
        name: 'Base',
        caipNetworkId: 'eip155:8453',
        rpcUrl: 'https://base.example.com',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
  }

  it('keeps a WalletConnect Cloud id apart from the Latch project id', () => {
    const id = '0123456789abcdef0123456789ABCDEF'
    expect(
      parseLatchWebConfig({ ...base, walletConnectProjectId: id }).walletConnectProjectId,
    ).toBe(id)
    expect(parseLatchWebConfig(base).walletConnectProjectId).toBeUndefined()
  })

  it('refuses an id the relay would refuse', () => {
    expect(() => parseLatchWebConfig({ ...base, walletConnectProjectId: 'short' })).toThrow(
      /walletConnectProjectId: expected a 32-character WalletConnect project id/,
    )
  })
})

describe('signIn and nameSuffix', () => {
  const base = {
    apiUrl: 'http://127.0.0.1:4171',
    projectId: 'p',
    relayUrl: 'ws://127.0.0.1:4172',
    appName: 'Latch',
    networks: [
      {
        id: 31337,
        name: 'Latch Devnet',
        caipNetworkId: 'eip155:31337',
        rpcUrl: 'http://127.0.0.1:4174',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
  }

  it('keeps a sign-in mode and a names suffix', () => {
    expect(
      parseLatchWebConfig({ ...base, signIn: 'required', nameSuffix: 'latch.id' }),
    ).toMatchObject({ signIn: 'required', nameSuffix: 'latch.id' })
    expect(parseLatchWebConfig(base)).not.toHaveProperty('signIn')
  })

  it('lists a bad sign-in mode or suffix', () => {
    expect(() => parseLatchWebConfig({ ...base, signIn: 'always', nameSuffix: '.bad..' })).toThrow(
      /signIn: expected "off" or "required"\.[\s\S]*nameSuffix: expected a domain such as "latch\.id"\./,
    )
  })
})

describe('view options', () => {
  it('keeps feature switches, orders, legal links and time zones', () => {
    const options = {
      features: { legalCheckbox: true, collapseWallets: true, allWallets: false },
      connectMethodsOrder: ['wallet'],
      walletFeaturesOrder: ['send', 'receive'],
      termsConditionsUrl: 'https://shop.example/terms',
      privacyPolicyUrl: 'https://shop.example/privacy',
      restrictedTimeZones: ['Europe/Paris'],
    }
    expect(parseLatchWebConfig({ ...valid, ...options })).toMatchObject(options)
  })

  it('refuses a feature this build does not have, and lists every other problem', () => {
    expect(() =>
      parseLatchWebConfig({
        ...valid,
        features: { swaps: true, smartSessions: true, legalCheckbox: true },
        connectMethodsOrder: 'wallet',
        privacyPolicyUrl: 'ftp://shop.example',
      }),
    ).toThrow(InvalidConfigError)
    try {
      parseLatchWebConfig({
        ...valid,
        features: { swaps: true, smartSessions: true, legalCheckbox: true },
        connectMethodsOrder: 'wallet',
        privacyPolicyUrl: 'ftp://shop.example',
      })
    } catch (error) {
      expect((error as InvalidConfigError).issues).toEqual([
        'connectMethodsOrder: expected a list of strings.',
        'features.smartSessions: this build of Latch has no smart sessions yet; leave it off.',
        'privacyPolicyUrl: expected an http(s) URL.',
        'features.legalCheckbox: needs termsConditionsUrl or privacyPolicyUrl to link to.',
      ])
    }
    expect(() => parseLatchWebConfig({ ...valid, features: { send: 'yes' } })).toThrow(
      'features: expected an object of true/false switches.',
    )
  })
})
