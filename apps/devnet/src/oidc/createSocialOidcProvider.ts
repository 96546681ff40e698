/// <reference path="./oidcProvider.d.ts" />
import { generateKeyPair, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { type SocialProvider, socialProviderNames } from '@latch/api-contract'
import Provider, { interactionPolicy } from 'oidc-provider'
import { createOidcMemoryAdapter } from './createOidcMemoryAdapter.ts'
import { findOidcTestUser } from './oidcTestUsers.ts'
import type { OidcClientCredentials } from './readOrCreateOidcClients.ts'
import { getOidcLoginPageCsp, renderOidcErrorPage } from './renderOidcLoginPage.ts'

export type CreateSocialOidcProviderParameters = {
  provider: SocialProvider
  /** `http://127.0.0.1:<port>/<provider>`: the issuer, and the prefix of every route. */
  issuer: string
  client: OidcClientCredentials
  redirectUris: readonly string[]
  /** Most records the provider keeps in memory (see `createOidcMemoryAdapter`). */
  maxEntries?: number
}

/** The scopes each provider's real authorization endpoint takes, beyond OpenID Connect's. */
const providerScopes: Record<SocialProvider, readonly string[]> = {
  google: [],
  apple: ['name'],
  github: ['read:user', 'user:email'],
  discord: ['identify'],
  x: ['users.read', 'tweet.read', 'offline.access'],
  facebook: ['public_profile'],
}

/** Google and Apple speak OpenID Connect; the others are OAuth 2 with a user endpoint. */
export const openIdConnectProviders: ReadonlySet<SocialProvider> = new Set(['google', 'apple'])

/** How long a sign-in may take and its records live, in seconds (the API's flow lasts 10 min). */
const flowTtlSeconds = 10 * 60

/**
 * One local stand-in for a social provider: an `oidc-provider` instance with a single
 * confidential client (the API), authorization code with PKCE (S256) required, ID tokens signed
 * with an RSA key made now (never stored), cookies and storage of its own, and the login page
 * (served by `startLocalOidcProvider`) asked on every sign-in so tests can pick any user.
 */
export async function createSocialOidcProvider(
  parameters: CreateSocialOidcProviderParameters,
): Promise<Provider> {
  const { provider: name, issuer, client } = parameters
  const providerName = socialProviderNames[name]
  const mountPath = new URL(issuer).pathname
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    use: 'sig',
    alg: 'RS256',
  }

  // The login prompt is asked every time, not only without a session: real providers remember
  // the person, but here each sign-in (and each test) chooses its user.
  const policy = interactionPolicy.base()
  policy
    .get('login')
    ?.checks.push(
      new interactionPolicy.Check(
        'choose_test_user',
        'A devnet test user must be chosen',
        'login_required',
        (ctx) => !ctx.oidc.result?.login,
      ),
    )

  const cookie = { httpOnly: true, sameSite: 'lax', path: mountPath }
  const oidc = openIdConnectProviders.has(name)

  const provider = new Provider(issuer, {
    adapter: createOidcMemoryAdapter({ maxEntries: parameters.maxEntries }),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [...parameters.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // A secret in the Authorization header or in the body: providers differ, both are checked.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    pkce: { required: () => true },
    responseTypes: ['code'],
    allowOmittingSingleRegisteredRedirectUri: false,
    jwks: { keys: [signingKey] },
    cookies: {
      names: {
        session: `latch_${name}_session`,
        interaction: `latch_${name}_interaction`,
        resume: `latch_${name}_resume`,
      },
      long: cookie,
      short: cookie,
      keys: [randomBytes(32).toString('base64url')],
    },
    scopes: ['openid', 'email', 'profile', ...providerScopes[name]],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      ...(name === 'apple' ? { name: ['name', 'given_name', 'family_name'] } : {}),
    },
    // The ID token carries the scopes' claims, as Google's and Apple's do (Apple has no userinfo).
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: oidc },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${mountPath}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, subject: string) => {
      const user = findOidcTestUser(name, subject)
      if (!user) return undefined
      return {
        accountId: subject,
        claims: async () => ({
          sub: subject,
          name: user.name,
          given_name: user.givenName,
          family_name: user.familyName,
          preferred_username: user.username,
          ...(user.email ? { email: user.email, email_verified: true } : {}),
        }),
      }
    },
    ttl: {
      AccessToken: flowTtlSeconds,
      AuthorizationCode: 60,
      IdToken: flowTtlSeconds,
      Interaction: flowTtlSeconds,
      Session: flowTtlSeconds,
      Grant: flowTtlSeconds,
    },
    renderError: async (
      ctx: { type: string; body: string; set(name: string, value: string): void },
      out: { error?: string; error_description?: string },
    ) => {
      ctx.type = 'html'
      ctx.set('Content-Security-Policy', getOidcLoginPageCsp([]))
      ctx.set('Referrer-Policy', 'no-referrer')
      ctx.body = renderOidcErrorPage({
        providerName,
        error: out.error ?? 'server_error',
        description: out.error_description,
      })
    },
  })
  return provider
}
