import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DevnetManifest } from '@latch/api-contract'
import { parseLatchWebConfig } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, renderConfigScript } from './createWebApp.ts'
import { loadWebConfig } from './loadWebConfig.ts'

const zero = '0x0000000000000000000000000000000000000001'
const manifest: DevnetManifest = {
  version: 1,
  startedAt: '2026-11-21T10:00:00.000Z',
  projectId: '0123456789abcdef0123456789abcdef',
  relayUrl: 'ws://127.0.0.1:4172',
  faucetUrl: 'http://127.0.0.1:4173',
  chains: [31337, 31339].map((id, index) => ({
    id,
    name: index === 0 ? 'Latch Devnet' : 'Latch Devnet Alpha',
    caipNetworkId: `eip155:${id}`,
    rpcUrl: `http://127.0.0.1:${4174 + index}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    contracts: {
      multicall3: zero,
      weth: zero,
      usd: zero,
      uniswapV2Factory: zero,
      uniswapV2Router: zero,
      nft: zero,
    },
    tokens: [],
    nft: { address: zero, name: 'Lantern', symbol: 'LNT', baseUri: 'http://127.0.0.1:4173/nft/' },
  })),
  accounts: [],
  demoWallet: {
    address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
    privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  },
}

function stateDirWithManifest(extra: Partial<DevnetManifest> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'latch-state-'))
  writeFileSync(join(dir, 'devnet.json'), JSON.stringify({ ...manifest, ...extra }))
  return dir
}

describe('loadWebConfig', () => {
  it('takes everything unset from the devnet manifest, Devnet Wallet included', () => {
    const config = loadWebConfig({
      env: { LATCH_STATE_DIR: stateDirWithManifest(), LATCH_API_URL: 'http://127.0.0.1:4271' },
      rootDir: '/nowhere',
    })
    expect(config).toMatchObject({
      apiUrl: 'http://127.0.0.1:4271',
      projectId: manifest.projectId,
      relayUrl: manifest.relayUrl,
      devnetWallet: {
        address: manifest.demoWallet.address,
        chainIds: [31337, 31339],
        // The Devnet Wallet plays a wallet, which owns its node: the only node URLs here.
        rpcUrls: { '31337': 'http://127.0.0.1:4174', '31339': 'http://127.0.0.1:4175' },
      },
    })
    // The app reads through the API's JSON-RPC endpoint, never a node.
    expect(config.networks.map((n) => n.rpcUrl)).toEqual([
      `http://127.0.0.1:4271/v1/?chainId=eip155:31337&projectId=${manifest.projectId}`,
      `http://127.0.0.1:4271/v1/?chainId=eip155:31339&projectId=${manifest.projectId}`,
    ])
    expect(parseLatchWebConfig(config).devnetWallet).toEqual(config.devnetWallet)
  })

  it("uses LATCH_NETWORKS (the API's format, namespace optional) and never enables the Devnet Wallet", () => {
    const currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
    const config = loadWebConfig({
      env: {
        LATCH_STATE_DIR: stateDirWithManifest(),
        LATCH_NETWORKS: JSON.stringify([
          {
            id: 1,
            name: 'Ethereum',
            rpcUrl: 'https://rpc.example/v2/key',
            nativeCurrency: currency,
          },
          {
            namespace: 'eip155',
            id: 8453,
            caipNetworkId: 'eip155:8453',
            name: 'Base',
            rpcUrl: 'https://base.example/?apikey=secret',
            nativeCurrency: currency,
            blockExplorerUrl: 'https://basescan.org',
            tokens: [],
          },
        ]),
        LATCH_PROJECT_ID: 'ffffffffffffffffffffffffffffffff',
        LATCH_RELAY_URL: 'wss://relay.example',
        LATCH_API_URL: 'https://api.example',
        LATCH_AUTH_URL: 'https://auth.example/',
      },
      rootDir: '/nowhere',
    })
    expect(config).toEqual({
      apiUrl: 'https://api.example',
      projectId: 'ffffffffffffffffffffffffffffffff',
      relayUrl: 'wss://relay.example',
      authUrl: 'https://auth.example',
      appName: 'Latch',
      networks: [
        {
          id: 1,
          name: 'Ethereum',
          caipNetworkId: 'eip155:1',
          rpcUrl:
            'https://api.example/v1/?chainId=eip155:1&projectId=ffffffffffffffffffffffffffffffff',
          nativeCurrency: currency,
        },
        {
          id: 8453,
          name: 'Base',
          caipNetworkId: 'eip155:8453',
          rpcUrl:
            'https://api.example/v1/?chainId=eip155:8453&projectId=ffffffffffffffffffffffffffffffff',
          nativeCurrency: currency,
          blockExplorerUrl: 'https://basescan.org',
        },
      ],
      socials: [],
    })
    expect(() => parseLatchWebConfig(config)).not.toThrow()
  })

  it('explains what is missing without a manifest', () => {
    const empty = mkdtempSync(join(tmpdir(), 'latch-state-'))
    expect(() => loadWebConfig({ env: { LATCH_STATE_DIR: empty }, rootDir: '/nowhere' })).toThrow(
      'No networks: set LATCH_NETWORKS, or start the devnet',
    )
    expect(() =>
      loadWebConfig({ env: { LATCH_STATE_DIR: empty, LATCH_NETWORKS: '[' }, rootDir: '/nowhere' }),
    ).toThrow('- LATCH_NETWORKS: Expected a JSON array of networks.')
  })
})

describe('loadWebConfig appearance', () => {
  it('passes LATCH_LOCALE, LATCH_THEME_MODE and LATCH_ACCENT to the page', () => {
    const config = loadWebConfig({
      env: {
        LATCH_STATE_DIR: stateDirWithManifest(),
        LATCH_LOCALE: 'ar-EG',
        LATCH_THEME_MODE: 'dark',
        LATCH_ACCENT: '#0e7490',
      },
      rootDir: '/nowhere',
    })
    expect(config).toMatchObject({
      locale: 'ar-EG',
      themeMode: 'dark',
      themeVariables: { accent: '#0e7490' },
    })
    expect(parseLatchWebConfig(config)).toMatchObject({
      locale: 'ar-EG',
      themeMode: 'dark',
      themeVariables: { accent: '#0e7490' },
    })
  })

  it('refuses an unknown theme mode at start, and the page lists bad appearance fields', () => {
    expect(() =>
      loadWebConfig({
        env: { LATCH_STATE_DIR: stateDirWithManifest(), LATCH_THEME_MODE: 'blue' },
        rootDir: '/nowhere',
      }),
    ).toThrow('- LATCH_THEME_MODE: Expected light, dark or system.')
    const config = loadWebConfig({
      env: { LATCH_STATE_DIR: stateDirWithManifest() },
      rootDir: '/nowhere',
    })
    expect(() =>
      parseLatchWebConfig({
        ...config,
        locale: 'not a tag',
        themeMode: 'blue',
        themeVariables: { accent: '', zIndex: 1.5 },
      }),
    ).toThrow(
      expect.objectContaining({
        issues: [
          'locale: expected a language tag such as "en" or "es-MX".',
          'themeMode: expected "light", "dark" or "system".',
          'themeVariables.accent: expected a non-empty string.',
          'themeVariables.zIndex: expected an integer.',
        ],
      }),
    )
  })
})

describe('loadWebConfig sign-in and names', () => {
  it('LATCH_REQUIRE_SIGN_IN=true requires sign-in; LATCH_NAME_SUFFIX sets the names suffix', () => {
    const stateDir = stateDirWithManifest()
    const config = loadWebConfig({
      env: {
        LATCH_STATE_DIR: stateDir,
        LATCH_REQUIRE_SIGN_IN: 'true',
        LATCH_NAME_SUFFIX: '.Shop.Test',
      },
      rootDir: '/nowhere',
    })
    expect(config).toMatchObject({ signIn: 'required', nameSuffix: 'shop.test' })
    expect(parseLatchWebConfig(config)).toMatchObject({
      signIn: 'required',
      nameSuffix: 'shop.test',
    })
    const plain = loadWebConfig({
      env: { LATCH_STATE_DIR: stateDir, LATCH_REQUIRE_SIGN_IN: 'false' },
      rootDir: '/nowhere',
    })
    expect(plain.signIn).toBeUndefined()
    expect(plain.nameSuffix).toBeUndefined()
    expect(() =>
      loadWebConfig({
        env: { LATCH_STATE_DIR: stateDir, LATCH_REQUIRE_SIGN_IN: 'yes please' },
        rootDir: '/nowhere',
      }),
    ).toThrow('- LATCH_REQUIRE_SIGN_IN: Expected true or false.')
  })
})

describe('loadWebConfig view options', () => {
  it('passes LATCH_FEATURES, the orders, the legal links and the time zones to the page', () => {
    const config = loadWebConfig({
      env: {
        LATCH_STATE_DIR: stateDirWithManifest(),
        LATCH_FEATURES: 'legalCheckbox=on, collapseWallets=on, allWallets=off, swaps=off',
        LATCH_TERMS_URL: 'https://shop.example/terms',
        LATCH_PRIVACY_URL: 'https://shop.example/privacy',
        LATCH_CONNECT_METHODS_ORDER: 'wallet,email',
        LATCH_WALLET_FEATURES_ORDER: 'send,receive',
        LATCH_RESTRICTED_TIME_ZONES: 'Europe/Paris, Asia/Shanghai',
      },
      rootDir: '/nowhere',
    })
    const expected = {
      features: { legalCheckbox: true, collapseWallets: true, allWallets: false, swaps: false },
      termsConditionsUrl: 'https://shop.example/terms',
      privacyPolicyUrl: 'https://shop.example/privacy',
      connectMethodsOrder: ['wallet', 'email'],
      walletFeaturesOrder: ['send', 'receive'],
      restrictedTimeZones: ['Europe/Paris', 'Asia/Shanghai'],
    }
    expect(config).toMatchObject(expected)
    // What the page reads back from /latch-config.js.
    expect(parseLatchWebConfig(JSON.parse(JSON.stringify(config)))).toMatchObject(expected)
  })

  it('LATCH_RESTRICTED_TIME_ZONES=none restricts none; unset leaves the default to the page', () => {
    const stateDir = stateDirWithManifest()
    expect(
      loadWebConfig({
        env: { LATCH_STATE_DIR: stateDir, LATCH_RESTRICTED_TIME_ZONES: 'none' },
        rootDir: '/nowhere',
      }).restrictedTimeZones,
    ).toEqual([])
    const plain = loadWebConfig({ env: { LATCH_STATE_DIR: stateDir }, rootDir: '/nowhere' })
    expect(plain.restrictedTimeZones).toBeUndefined()
    expect(plain.features).toBeUndefined()
  })

  it.each([
    ['pay=on', 'features.pay: this build of Latch has no pay yet; leave it off.'],
    [
      'smartSessions=on',
      'features.smartSessions: this build of Latch has no smart sessions yet; leave it off.',
    ],
    [
      'legalCheckbox=on',
      'features.legalCheckbox: needs termsConditionsUrl or privacyPolicyUrl to link to.',
    ],
  ])('LATCH_FEATURES=%s stops the web server at start', (features, message) => {
    expect(() =>
      loadWebConfig({
        env: { LATCH_STATE_DIR: stateDirWithManifest(), LATCH_FEATURES: features },
        rootDir: '/nowhere',
      }),
    ).toThrow(message)
  })

  it('lists the social sign-ins the API offers (never a secret); the feature is on by default', () => {
    const local = (provider: string) => ({
      issuer: `http://127.0.0.1:4279/${provider}`,
      clientId: `latch-devnet-${provider}`,
      clientSecret: 'devnet-secret-never-on-the-page',
      authorizationUrl: `http://127.0.0.1:4279/${provider}/auth`,
      tokenUrl: `http://127.0.0.1:4279/${provider}/token`,
      userinfoUrl: `http://127.0.0.1:4279/${provider}/me`,
    })
    const stateDir = stateDirWithManifest({
      oidc: {
        providers: {
          google: local('google'),
          github: local('github'),
          apple: local('apple'),
          facebook: local('facebook'),
          x: local('x'),
          discord: local('discord'),
        },
      },
      farcaster: {
        relayUrl: 'http://127.0.0.1:4280',
        relayKey: 'relay-key',
        chainId: 31337,
        idRegistry: zero,
        accounts: [],
      },
    })
    const config = loadWebConfig({ env: { LATCH_STATE_DIR: stateDir }, rootDir: '/nowhere' })
    // Every button, in the spec's order.
    expect(config.socials).toEqual([
      'google',
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
    expect(JSON.stringify(config)).not.toContain('devnet-secret')
    expect(JSON.stringify(config)).not.toContain('relay-key')
    expect(parseLatchWebConfig(JSON.parse(JSON.stringify(config))).socials).toEqual(config.socials)
    // A real provider's client id offers it; without one (and no devnet) none.
    expect(
      loadWebConfig({
        env: {
          LATCH_STATE_DIR: stateDirWithManifest(),
          LATCH_SOCIAL_DISCORD_CLIENT_ID: 'discord-id',
          LATCH_SOCIAL_DISCORD_CLIENT_SECRET: 'discord-secret',
          LATCH_FEATURES: 'socials=on',
        },
        rootDir: '/nowhere',
      }).socials,
    ).toEqual(['discord'])
    expect(
      loadWebConfig({ env: { LATCH_STATE_DIR: stateDirWithManifest() }, rootDir: '/nowhere' })
        .socials,
    ).toEqual([])
  })

  it('refuses malformed settings with the setting named', () => {
    const stateDir = stateDirWithManifest()
    const load = (env: Record<string, string>) => () =>
      loadWebConfig({ env: { LATCH_STATE_DIR: stateDir, ...env }, rootDir: '/nowhere' })
    expect(load({ LATCH_FEATURES: 'bridges=on' })).toThrow('- LATCH_FEATURES[0]: Expected name=on')
    expect(load({ LATCH_FEATURES: 'send=on,swaps=yes' })).toThrow(
      '- LATCH_FEATURES[1]: Expected name=on',
    )
    expect(load({ LATCH_CONNECT_METHODS_ORDER: 'wallet,phone' })).toThrow(
      '- LATCH_CONNECT_METHODS_ORDER[1]: Expected email, social or wallet.',
    )
    expect(load({ LATCH_WALLET_FEATURES_ORDER: 'bridge' })).toThrow(
      '- LATCH_WALLET_FEATURES_ORDER[0]: Expected onramp, swaps, receive or send.',
    )
    expect(load({ LATCH_TERMS_URL: 'javascript:alert(1)' })).toThrow(
      '- LATCH_TERMS_URL: Expected an http(s) URL.',
    )
    expect(load({ LATCH_RESTRICTED_TIME_ZONES: 'Asia/Shanghai,not a zone' })).toThrow(
      '- LATCH_RESTRICTED_TIME_ZONES[1]: Expected IANA time zone names such as Asia/Shanghai, or none.',
    )
  })

  it('gives the page Solana and Bitcoin networks: the Solana RPC is the API relay on the devnet and on real networks, never a node', () => {
    const solanaId = 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69'
    const bitcoinId = '0f9188f13cb7b2c71f2a335e3a4fc328'
    const devnet = loadWebConfig({
      env: {
        LATCH_STATE_DIR: stateDirWithManifest({
          solana: {
            name: 'Latch Solana Devnet',
            caipNetworkId: `solana:${solanaId}`,
            genesisHash: `${solanaId}abcdefghijk`,
            rpcUrl: 'http://127.0.0.1:4180',
            wsUrl: 'ws://127.0.0.1:4181',
            nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
            tokens: [],
            accounts: [
              {
                address: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69abcdefghijkm',
                secretKey: '5'.repeat(88),
              },
            ],
          },
          bitcoin: {
            name: 'Latch Bitcoin Regtest',
            caipNetworkId: `bip122:${bitcoinId}`,
            network: 'regtest',
            esploraUrl: 'http://127.0.0.1:4182',
            accounts: [],
          },
        }),
        LATCH_API_URL: 'http://127.0.0.1:4271',
      },
      rootDir: '/nowhere',
    })
    expect(devnet.networks.map((network) => network.caipNetworkId)).toEqual([
      'eip155:31337',
      'eip155:31339',
    ])
    expect(devnet.caipNetworks?.slice(2)).toEqual([
      {
        namespace: 'solana',
        reference: solanaId,
        caipNetworkId: `solana:${solanaId}`,
        name: 'Latch Solana Devnet',
        rpcUrl: `http://127.0.0.1:4271/v1/?chainId=solana:${solanaId}&projectId=${devnet.projectId}`,
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      },
      {
        namespace: 'bip122',
        reference: bitcoinId,
        caipNetworkId: `bip122:${bitcoinId}`,
        name: 'Latch Bitcoin Regtest',
        network: 'regtest',
        nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      },
    ])
    // /latch-config.js lists all of them in `networks`; the page splits them again.
    const script = renderConfigScript(devnet)
    const page = parseLatchWebConfig(
      JSON.parse(script.slice('window.__LATCH_CONFIG__ = '.length, -2)),
    )
    expect(page.networks).toEqual(devnet.networks)
    expect(page.caipNetworks).toEqual(devnet.caipNetworks)
    // The Devnet Solana wallet sends through the same relay.
    expect(devnet.devnetWallet?.solana).toMatchObject({
      rpcUrl: `http://127.0.0.1:4271/v1/?chainId=solana:${solanaId}&projectId=${devnet.projectId}`,
    })
    // The devnet's Solana node reaches neither the page nor its security policy.
    expect(script).not.toContain('127.0.0.1:4180')
    expect(contentSecurityPolicy(devnet)).not.toContain('127.0.0.1:4180')

    const real = loadWebConfig({
      env: {
        LATCH_STATE_DIR: stateDirWithManifest(),
        LATCH_NETWORKS: JSON.stringify([
          {
            id: 1,
            name: 'Ethereum',
            rpcUrl: 'https://rpc.example/v2/key',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
          { namespace: 'solana', preset: 'mainnet', rpcUrl: 'https://solana.example/?key=secret' },
          { namespace: 'bip122', preset: 'mainnet', esploraUrl: 'https://esplora.example/k' },
        ]),
        LATCH_PROJECT_ID: 'ffffffffffffffffffffffffffffffff',
        LATCH_RELAY_URL: 'wss://relay.example',
        LATCH_API_URL: 'https://api.example',
      },
      rootDir: '/nowhere',
    })
    expect(real.networks).toHaveLength(1)
    expect(real.caipNetworks?.map((network) => network.caipNetworkId)).toEqual([
      'eip155:1',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bip122:000000000019d6689c085ae165831e93',
    ])
    // The node URLs (which may hold provider keys) never reach the page.
    expect(renderConfigScript(real)).not.toMatch(/solana\.example|esplora\.example|secret/)
    expect(contentSecurityPolicy(real)).not.toContain('solana.example')
    expect(real.caipNetworks?.[1]).toMatchObject({
      namespace: 'solana',
      rpcUrl:
        'https://api.example/v1/?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&projectId=ffffffffffffffffffffffffffffffff',
    })
  })
})
