import type { LatchConfig } from './schema/createConfigSchema.ts'

/** The OAuth providers of social sign-in (`socialProviderSchema` of the API contract). */
export const socialProviderIds = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProviderId = (typeof socialProviderIds)[number]

/** The Connect view's social buttons, in the spec's order (`socialButtonOrder` of the contract). */
const buttonOrder = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export type SocialSignInButton = (typeof buttonOrder)[number]

/** The parts of the devnet manifest (`devnetManifestSchema`) that offer sign-ins. */
export type SocialSignInManifest = {
  oidc?:
    | {
        providers: Partial<
          Record<
            SocialProviderId,
            {
              issuer: string
              clientId: string
              clientSecret: string
              authorizationUrl: string
              tokenUrl: string
              userinfoUrl: string
            }
          >
        >
      }
    | undefined
  farcaster?: unknown
}

/** The settings the rule reads. */
export type SocialSignInConfig = Pick<
  LatchConfig,
  | 'LATCH_SOCIAL_GOOGLE_CLIENT_ID'
  | 'LATCH_SOCIAL_GOOGLE_CLIENT_SECRET'
  | 'LATCH_SOCIAL_GOOGLE_ISSUER'
  | 'LATCH_SOCIAL_APPLE_CLIENT_ID'
  | 'LATCH_SOCIAL_APPLE_CLIENT_SECRET'
  | 'LATCH_SOCIAL_APPLE_ISSUER'
  | 'LATCH_SOCIAL_GITHUB_CLIENT_ID'
  | 'LATCH_SOCIAL_GITHUB_CLIENT_SECRET'
  | 'LATCH_SOCIAL_GITHUB_AUTHORIZATION_URL'
  | 'LATCH_SOCIAL_GITHUB_TOKEN_URL'
  | 'LATCH_SOCIAL_GITHUB_USERINFO_URL'
  | 'LATCH_SOCIAL_DISCORD_CLIENT_ID'
  | 'LATCH_SOCIAL_DISCORD_CLIENT_SECRET'
  | 'LATCH_SOCIAL_DISCORD_AUTHORIZATION_URL'
  | 'LATCH_SOCIAL_DISCORD_TOKEN_URL'
  | 'LATCH_SOCIAL_DISCORD_USERINFO_URL'
  | 'LATCH_SOCIAL_X_CLIENT_ID'
  | 'LATCH_SOCIAL_X_CLIENT_SECRET'
  | 'LATCH_SOCIAL_X_AUTHORIZATION_URL'
  | 'LATCH_SOCIAL_X_TOKEN_URL'
  | 'LATCH_SOCIAL_X_USERINFO_URL'
  | 'LATCH_SOCIAL_FACEBOOK_CLIENT_ID'
  | 'LATCH_SOCIAL_FACEBOOK_CLIENT_SECRET'
  | 'LATCH_SOCIAL_FACEBOOK_AUTHORIZATION_URL'
  | 'LATCH_SOCIAL_FACEBOOK_TOKEN_URL'
  | 'LATCH_SOCIAL_FACEBOOK_USERINFO_URL'
  | 'LATCH_FARCASTER_RELAY_URL'
>

/**
 * One provider's OAuth client. `kind: 'oidc'` (google, apple) is read by discovery at
 * `issuer`; `kind: 'oauth2'` (github, discord, x, facebook) uses the three endpoints given.
 * `source` says where it came from: the LATCH_SOCIAL_* settings or the devnet's local provider.
 */
export type SocialProviderSettings = {
  provider: SocialProviderId
  kind: 'oidc' | 'oauth2'
  source: 'config' | 'devnet'
  clientId: string
  clientSecret: string | undefined
  /** OIDC: the discovery issuer. OAuth 2: the authorization URL's origin (an identifier only). */
  issuer: string
  authorizationUrl: string | undefined
  tokenUrl: string | undefined
  userinfoUrl: string | undefined
}

const oidcProviders: ReadonlySet<SocialProviderId> = new Set(['google', 'apple'])

/**
 * Where each provider's client comes from, the one rule for the API and the web server:
 * LATCH_SOCIAL_<P>_* when its client id is set; else, under the devnet (`manifest` given),
 * the manifest's local OpenID provider; else the provider is not offered (absent).
 */
export function getSocialProviderSettings(
  config: SocialSignInConfig,
  manifest: SocialSignInManifest | undefined,
): Partial<Record<SocialProviderId, SocialProviderSettings>> {
  const settings: Partial<Record<SocialProviderId, SocialProviderSettings>> = {}
  for (const provider of socialProviderIds) {
    const kind = oidcProviders.has(provider) ? 'oidc' : 'oauth2'
    const fromConfig = readConfig(config, provider)
    if (fromConfig?.clientId) {
      settings[provider] = {
        provider,
        kind,
        source: 'config',
        clientId: fromConfig.clientId,
        clientSecret: fromConfig.clientSecret,
        issuer:
          fromConfig.issuer ??
          new URL(fromConfig.authorizationUrl ?? 'https://invalid.example').origin,
        authorizationUrl: kind === 'oauth2' ? fromConfig.authorizationUrl : undefined,
        tokenUrl: kind === 'oauth2' ? fromConfig.tokenUrl : undefined,
        userinfoUrl: kind === 'oauth2' ? fromConfig.userinfoUrl : undefined,
      }
      continue
    }
    const local = manifest?.oidc?.providers[provider]
    if (local)
      settings[provider] = {
        provider,
        kind,
        source: 'devnet',
        clientId: local.clientId,
        clientSecret: local.clientSecret,
        issuer: local.issuer,
        authorizationUrl: kind === 'oauth2' ? local.authorizationUrl : undefined,
        tokenUrl: kind === 'oauth2' ? local.tokenUrl : undefined,
        userinfoUrl: kind === 'oauth2' ? local.userinfoUrl : undefined,
      }
  }
  return settings
}

/**
 * The social buttons this deployment offers, in the Connect view's order: the providers with
 * a client (`getSocialProviderSettings`), and Farcaster when LATCH_FARCASTER_RELAY_URL is set
 * or the devnet manifest has its local relay.
 */
export function listSocialSignIns(
  config: SocialSignInConfig,
  manifest: SocialSignInManifest | undefined,
): SocialSignInButton[] {
  const providers = getSocialProviderSettings(config, manifest)
  const farcaster = config.LATCH_FARCASTER_RELAY_URL !== undefined || manifest?.farcaster != null
  return buttonOrder.filter((button) =>
    button === 'farcaster' ? farcaster : providers[button] !== undefined,
  )
}

function readConfig(config: SocialSignInConfig, provider: SocialProviderId) {
  switch (provider) {
    case 'google':
      return {
        clientId: config.LATCH_SOCIAL_GOOGLE_CLIENT_ID,
        clientSecret: config.LATCH_SOCIAL_GOOGLE_CLIENT_SECRET,
        issuer: config.LATCH_SOCIAL_GOOGLE_ISSUER,
      }
    case 'apple':
      return {
        clientId: config.LATCH_SOCIAL_APPLE_CLIENT_ID,
        clientSecret: config.LATCH_SOCIAL_APPLE_CLIENT_SECRET,
        issuer: config.LATCH_SOCIAL_APPLE_ISSUER,
      }
    case 'github':
      return {
        clientId: config.LATCH_SOCIAL_GITHUB_CLIENT_ID,
        clientSecret: config.LATCH_SOCIAL_GITHUB_CLIENT_SECRET,
        authorizationUrl: config.LATCH_SOCIAL_GITHUB_AUTHORIZATION_URL,
        tokenUrl: config.LATCH_SOCIAL_GITHUB_TOKEN_URL,
        userinfoUrl: config.LATCH_SOCIAL_GITHUB_USERINFO_URL,
      }
    case 'discord':
      return {
        clientId: config.LATCH_SOCIAL_DISCORD_CLIENT_ID,
        clientSecret: config.LATCH_SOCIAL_DISCORD_CLIENT_SECRET,
        authorizationUrl: config.LATCH_SOCIAL_DISCORD_AUTHORIZATION_URL,
        tokenUrl: config.LATCH_SOCIAL_DISCORD_TOKEN_URL,
        userinfoUrl: config.LATCH_SOCIAL_DISCORD_USERINFO_URL,
      }
    case 'x':
      return {
        clientId: config.LATCH_SOCIAL_X_CLIENT_ID,
        clientSecret: config.LATCH_SOCIAL_X_CLIENT_SECRET,
        authorizationUrl: config.LATCH_SOCIAL_X_AUTHORIZATION_URL,
        tokenUrl: config.LATCH_SOCIAL_X_TOKEN_URL,
        userinfoUrl: config.LATCH_SOCIAL_X_USERINFO_URL,
      }
    case 'facebook':
      return {
        clientId: config.LATCH_SOCIAL_FACEBOOK_CLIENT_ID,
        clientSecret: config.LATCH_SOCIAL_FACEBOOK_CLIENT_SECRET,
        authorizationUrl: config.LATCH_SOCIAL_FACEBOOK_AUTHORIZATION_URL,
        tokenUrl: config.LATCH_SOCIAL_FACEBOOK_TOKEN_URL,
        userinfoUrl: config.LATCH_SOCIAL_FACEBOOK_USERINFO_URL,
      }
  }
}
