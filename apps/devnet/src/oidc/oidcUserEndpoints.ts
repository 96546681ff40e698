import type { SocialProvider } from '@latch/api-contract'
import type { OidcTestUser } from './oidcTestUsers.ts'

/** One OAuth 2 provider's "who is this token for" endpoint, answering in that provider's shape. */
export type OidcUserEndpoint = {
  /** Below the provider's prefix, e.g. `/user` for `/github/user`. */
  path: string
  /** The body for a valid token; `scopes` are the ones the person granted. */
  body(user: OidcTestUser, subject: string, scopes: ReadonlySet<string>): unknown
  /** The provider's own 401 body. */
  unauthorized: unknown
}

/**
 * The user endpoints of the providers that are OAuth 2 only (no OpenID Connect): GitHub, Discord,
 * X and Facebook, each with the fields the API reads, named and typed as the real one answers
 * them. Google and Apple use the standard userinfo endpoint and ID token instead.
 */
export const oidcUserEndpoints: Partial<Record<SocialProvider, OidcUserEndpoint>> = {
  // https://docs.github.com/en/rest/users/users#get-the-authenticated-user: `email` is the
  // public email, null when there is none.
  github: {
    path: '/user',
    body: (user, subject) => ({
      id: Number(subject),
      login: user.username,
      name: user.name,
      email: user.email,
    }),
    unauthorized: {
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/rest',
      status: '401',
    },
  },
  // https://discord.com/developers/docs/resources/user#user-object: `email` and `verified` need
  // the `email` scope.
  discord: {
    path: '/api/users/@me',
    body: (user, subject, scopes) => ({
      id: subject,
      username: user.username,
      global_name: user.name,
      ...(scopes.has('email') ? { email: user.email, verified: user.email !== null } : {}),
    }),
    unauthorized: { message: '401: Unauthorized', code: 0 },
  },
  // https://docs.x.com/x-api/users/user-lookup-me: X never shares an email here.
  x: {
    path: '/2/users/me',
    body: (user, subject) => ({ data: { id: subject, username: user.username, name: user.name } }),
    unauthorized: {
      title: 'Unauthorized',
      type: 'about:blank',
      status: 401,
      detail: 'Unauthorized',
    },
  },
  // https://developers.facebook.com/docs/graph-api/reference/user: `email` only with the `email`
  // permission and when the person has one.
  facebook: {
    path: '/me',
    body: (user, subject, scopes) => ({
      id: subject,
      name: user.name,
      ...(scopes.has('email') && user.email ? { email: user.email } : {}),
    }),
    unauthorized: {
      error: {
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
      },
    },
  },
}
