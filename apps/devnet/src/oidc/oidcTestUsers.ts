import { createHash } from 'node:crypto'
import type { SocialProvider } from '@latch/api-contract'

/** One person the local OpenID provider's login page offers. Test data only. */
export type OidcTestUser = {
  /** The button's value on the login page. */
  key: 'ada' | 'grace' | 'alan'
  name: string
  givenName: string
  familyName: string
  /** The handle the OAuth 2 providers answer (GitHub login, Discord and X username). */
  username: string
  /** Null: this person does not share an email address with the app. */
  email: string | null
}

/** The devnet's test users, in the order the login page lists them. */
export const oidcTestUsers: readonly OidcTestUser[] = [
  {
    key: 'ada',
    name: 'Ada Lovelace',
    givenName: 'Ada',
    familyName: 'Lovelace',
    username: 'ada_lovelace',
    email: 'ada@example.com',
  },
  {
    key: 'grace',
    name: 'Grace Hopper',
    givenName: 'Grace',
    familyName: 'Hopper',
    username: 'grace_hopper',
    email: 'grace@example.com',
  },
  {
    key: 'alan',
    name: 'Alan Turing',
    givenName: 'Alan',
    familyName: 'Turing',
    username: 'alan_turing',
    email: null,
  },
]

/**
 * The subject (account id) a test user has at one provider: a decimal number derived from the
 * pair, so it is the same on every start and differs between providers, as real ones do.
 * 48 bits keep it a safe integer (GitHub's `id` is a JSON number).
 */
export function getOidcSubject(provider: SocialProvider, user: OidcTestUser): string {
  const digest = createHash('sha256').update(`latch-devnet:${provider}:${user.key}`).digest('hex')
  return String(Number.parseInt(digest.slice(0, 12), 16))
}

/** The test user behind a subject at `provider`, if any. */
export function findOidcTestUser(
  provider: SocialProvider,
  subject: string,
): OidcTestUser | undefined {
  return oidcTestUsers.find((user) => getOidcSubject(provider, user) === subject)
}
