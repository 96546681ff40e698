import { describe, expect, test } from 'vitest'
import { getSocialProviderSettings, listSocialSignIns } from './listSocialSignIns.ts'
import { parseConfig } from './parseConfig.ts'

const local = (provider: string) => ({
  issuer: `http://127.0.0.1:4179/${provider}`,
  clientId: `latch-devnet-${provider}`,
  clientSecret: 'devnet-secret',
  authorizationUrl: `http://127.0.0.1:4179/${provider}/auth`,
  tokenUrl: `http://127.0.0.1:4179/${provider}/token`,
  userinfoUrl: `http://127.0.0.1:4179/${provider}/user`,
})

describe('listSocialSignIns', () => {
  test('nothing is offered without a client id or a devnet provider', () => {
    expect(listSocialSignIns(parseConfig({}), undefined)).toEqual([])
  })

  test('a client id offers its provider, in the Connect view order, Farcaster with a relay', () => {
    const config = parseConfig({
      LATCH_SOCIAL_GITHUB_CLIENT_ID: 'gh',
      LATCH_SOCIAL_GITHUB_CLIENT_SECRET: 'gh-secret',
      LATCH_SOCIAL_GOOGLE_CLIENT_ID: 'google',
      LATCH_FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz',
    })
    expect(listSocialSignIns(config, undefined)).toEqual(['google', 'farcaster', 'github'])
    expect(getSocialProviderSettings(config, undefined)).toEqual({
      google: {
        provider: 'google',
        kind: 'oidc',
        source: 'config',
        clientId: 'google',
        clientSecret: undefined,
        issuer: 'https://accounts.google.com',
        authorizationUrl: undefined,
        tokenUrl: undefined,
        userinfoUrl: undefined,
      },
      github: {
        provider: 'github',
        kind: 'oauth2',
        source: 'config',
        clientId: 'gh',
        clientSecret: 'gh-secret',
        issuer: 'https://github.com',
        authorizationUrl: 'https://github.com/login/oauth/authorize',
        tokenUrl: 'https://github.com/login/oauth/access_token',
        userinfoUrl: 'https://api.github.com/user',
      },
    })
  })

  test('under the devnet the manifest fills in the providers without a client id', () => {
    const config = parseConfig({ LATCH_SOCIAL_X_CLIENT_ID: 'real-x' })
    const manifest = {
      oidc: { providers: { google: local('google'), x: local('x'), discord: local('discord') } },
      farcaster: { relayUrl: 'http://127.0.0.1:4180' },
    }
    expect(listSocialSignIns(config, manifest)).toEqual(['google', 'x', 'discord', 'farcaster'])
    const settings = getSocialProviderSettings(config, manifest)
    expect(settings.x).toMatchObject({ source: 'config', clientId: 'real-x' })
    expect(settings.discord).toMatchObject({
      source: 'devnet',
      kind: 'oauth2',
      clientId: 'latch-devnet-discord',
      userinfoUrl: 'http://127.0.0.1:4179/discord/user',
    })
    expect(settings.google).toMatchObject({
      source: 'devnet',
      kind: 'oidc',
      issuer: 'http://127.0.0.1:4179/google',
    })
  })
})
