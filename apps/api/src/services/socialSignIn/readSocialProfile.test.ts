import { describe, expect, test } from 'vitest'
import { readIdTokenClaims, readOAuthUser } from './readSocialProfile.ts'

describe('readOAuthUser', () => {
  test("maps each provider's user endpoint: the stable id, a username, the email", () => {
    expect({
      github: readOAuthUser('github', {
        id: 583231,
        login: 'octocat',
        name: 'The Octocat',
        email: 'octo@example.com',
      }),
      githubNoEmail: readOAuthUser('github', { id: 1, login: 'x', email: null }),
      discord: readOAuthUser('discord', {
        id: '80351110224678912',
        username: 'nelly',
        global_name: 'Nelly',
        email: 'nelly@example.com',
      }),
      discordGlobal: readOAuthUser('discord', { id: '1', username: '', global_name: 'Nelly' }),
      x: readOAuthUser('x', { data: { id: '2244994945', username: 'XDevelopers', name: 'X Dev' } }),
      facebook: readOAuthUser('facebook', { id: '10', name: 'Ada Lovelace' }),
    }).toEqual({
      github: { subject: '583231', username: 'octocat', email: 'octo@example.com' },
      githubNoEmail: { subject: '1', username: 'x', email: null },
      discord: { subject: '80351110224678912', username: 'nelly', email: 'nelly@example.com' },
      discordGlobal: { subject: '1', username: 'Nelly', email: null },
      x: { subject: '2244994945', username: 'XDevelopers', email: null },
      facebook: { subject: '10', username: 'Ada Lovelace', email: null },
    })
  })

  test('refuses an answer without the id; drops a bad email and control characters', () => {
    expect(() => readOAuthUser('github', { login: 'octocat' })).toThrow()
    expect(() => readOAuthUser('x', { id: '1' })).toThrow()
    expect(() => readOAuthUser('discord', { id: '' })).toThrow()
    expect(
      readOAuthUser('github', { id: 2, login: 'a\u202eb\u0000c', email: 'not-an-email' }),
    ).toEqual({
      subject: '2',
      username: 'abc',
      email: null,
    })
  })
})

describe('readIdTokenClaims', () => {
  test('sub, the email only when verified, preferred_username or name', () => {
    expect(
      readIdTokenClaims({
        sub: '1234',
        email: 'ada@example.com',
        email_verified: true,
        name: 'Ada Lovelace',
      }),
    ).toEqual({ subject: '1234', username: 'Ada Lovelace', email: 'ada@example.com' })
    expect(
      readIdTokenClaims({
        sub: '1234',
        email: 'ada@example.com',
        email_verified: false,
        preferred_username: 'ada',
      }),
    ).toEqual({ subject: '1234', username: 'ada', email: null })
    // Apple sends email_verified as a string.
    expect(
      readIdTokenClaims({
        sub: 'apple.1',
        email: 'a@privaterelay.appleid.com',
        email_verified: 'true',
      }),
    ).toEqual({ subject: 'apple.1', username: null, email: 'a@privaterelay.appleid.com' })
    expect(() => readIdTokenClaims({ email: 'ada@example.com' })).toThrow()
  })
})
