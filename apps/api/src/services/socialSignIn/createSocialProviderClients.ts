import type { SocialProvider } from '@latch/api-contract'
import type { SocialProviderSettings } from '@latch/config'
import * as client from 'openid-client'
import { z } from 'zod'
import {
  ProviderUnavailableError,
  SocialExpiredError,
  SocialStateMismatchError,
} from '../../errors/socialSignIn.ts'
import {
  isOAuthUserProvider,
  readIdTokenClaims,
  readOAuthUser,
  type SocialProfile,
} from './readSocialProfile.ts'

/** The scopes each provider is asked for: who the person is, and an email where offered. */
const scopes: Record<SocialProvider, string> = {
  google: 'openid email profile',
  // Apple: asking for name or email requires response_mode=form_post; `sub` is all we need.
  apple: 'openid',
  github: 'read:user user:email',
  discord: 'identify email',
  x: 'users.read tweet.read',
  facebook: 'public_profile email',
}

/** What one flow keeps between the start and the callback. */
export type SocialFlowChecks = { state: string; nonce: string | null; codeVerifier: string }

/** One configured provider, behind openid-client. */
export type SocialProviderClient = {
  provider: SocialProvider
  kind: 'oidc' | 'oauth2'
  /** The provider's authorization URL for this flow (code, PKCE S256, state, nonce for OIDC). */
  authorizationUrl(checks: SocialFlowChecks): Promise<URL>
  /**
   * Trades the callback's code (PKCE, state and, for OIDC, the ID token and nonce checked by
   * openid-client) and reads who signed in. SOCIAL_EXPIRED when the provider refuses the
   * code, SOCIAL_STATE_MISMATCH when its answer does not fit the flow, PROVIDER_UNAVAILABLE
   * for anything else the provider did wrong or did not do in time.
   */
  finish(input: { search: string; checks: SocialFlowChecks }): Promise<SocialProfile>
}

export type CreateSocialProviderClientsParameters = {
  settings: Partial<Record<SocialProvider, SocialProviderSettings>>
  /** `<public API URL>/auth/v1/social/callback`. */
  redirectUri: string
  /** openid-client's fetch: the guarded fetcher (`toOpenIdFetch`). */
  fetch: client.CustomFetch
  /** Under the devnet only: http issuers (the local OpenID provider) are allowed. */
  allowHttpIssuers: boolean
  /** Bound on each provider request, in seconds (openid-client's `timeout`). */
  timeoutSeconds?: number | undefined
}

/** One client per configured provider; OIDC discovery runs on first use (again after a failure). */
export function createSocialProviderClients({
  settings,
  redirectUri,
  fetch,
  allowHttpIssuers,
  timeoutSeconds = 10,
}: CreateSocialProviderClientsParameters): Partial<Record<SocialProvider, SocialProviderClient>> {
  const clients: Partial<Record<SocialProvider, SocialProviderClient>> = {}
  for (const setting of Object.values(settings)) {
    if (!setting) continue
    const provider = setting.provider
    const insecure = (url: string | undefined) =>
      allowHttpIssuers && url !== undefined && new URL(url).protocol === 'http:'
    const execute =
      insecure(setting.issuer) || insecure(setting.tokenUrl) || insecure(setting.authorizationUrl)
        ? [client.allowInsecureRequests]
        : []
    const auth =
      setting.clientSecret === undefined
        ? client.None()
        : provider === 'x' || provider === 'google'
          ? client.ClientSecretBasic(setting.clientSecret)
          : client.ClientSecretPost(setting.clientSecret)
    let configuration: Promise<client.Configuration> | undefined
    const configure = () => {
      configuration ??= (
        setting.kind === 'oidc'
          ? client.discovery(new URL(setting.issuer), setting.clientId, undefined, auth, {
              [client.customFetch]: fetch,
              execute,
              timeout: timeoutSeconds,
            })
          : Promise.resolve(
              new client.Configuration(
                {
                  issuer: setting.issuer,
                  authorization_endpoint: setting.authorizationUrl,
                  token_endpoint: setting.tokenUrl,
                },
                setting.clientId,
                undefined,
                auth,
              ),
            ).then((made) => {
              made[client.customFetch] = fetch
              made.timeout = timeoutSeconds
              for (const extension of execute) extension(made)
              return made
            })
      ).catch((cause: unknown) => {
        configuration = undefined
        throw new ProviderUnavailableError({ provider, cause })
      })
      return configuration
    }

    clients[provider] = {
      provider,
      kind: setting.kind,
      async authorizationUrl({ state, nonce, codeVerifier }) {
        const config = await configure()
        return client.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: scopes[provider],
          state,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          ...(setting.kind === 'oidc' && nonce ? { nonce } : {}),
        })
      },
      async finish({ search, checks }) {
        const config = await configure()
        const currentUrl = new URL(redirectUri)
        currentUrl.search = search
        let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
        try {
          tokens = await client.authorizationCodeGrant(config, currentUrl, {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            ...(setting.kind === 'oidc'
              ? { expectedNonce: checks.nonce ?? undefined, idTokenExpected: true }
              : {}),
          })
        } catch (error) {
          throw toSocialError(provider, error)
        }
        try {
          if (setting.kind === 'oidc') return readIdTokenClaims(tokens.claims())
          if (!isOAuthUserProvider(provider) || !setting.userinfoUrl)
            throw new Error('No user endpoint for this provider.')
          const response = await client.fetchProtectedResource(
            config,
            tokens.access_token,
            new URL(setting.userinfoUrl),
            'GET',
          )
          if (!response.ok) throw new Error(`The user endpoint answered ${response.status}.`)
          return readOAuthUser(provider, await response.json())
        } catch (error) {
          if (error instanceof z.ZodError || error instanceof Error)
            throw new ProviderUnavailableError({ provider, cause: error })
          throw error
        }
      },
    }
  }
  return clients
}

const refusedCodeErrors = new Set(['invalid_grant', 'bad_verification_code'])

/** Whether the token endpoint refused the code, at any depth of the error's causes. */
function refusedCode(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof client.ResponseBodyError && refusedCodeErrors.has(current.error))
      return true
    const body = (current as { body?: unknown }).body
    if (
      body &&
      typeof body === 'object' &&
      refusedCodeErrors.has(String((body as { error?: unknown }).error))
    )
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** openid-client's failures in the API's words. */
function toSocialError(provider: SocialProvider, error: unknown): Error {
  // The provider refused the code: used, expired, or for another client (GitHub says so in a
  // 200 answer, as `bad_verification_code`).
  if (refusedCode(error)) return new SocialExpiredError({ cause: error })
  if (error instanceof client.ClientError) {
    const code = error.code ?? ''
    // The answer does not fit this flow: another state, nonce or issuer.
    if (
      code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' ||
      code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED'
    )
      return new SocialStateMismatchError()
  }
  return new ProviderUnavailableError({ provider, cause: error })
}
