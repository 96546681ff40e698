import { expect, test } from 'vitest'
import { describeAccount } from './describeAccount.ts'

test('the email for an email sign-in, the username and provider for a social one', () => {
  expect(describeAccount({ email: 'ada@example.com', username: null, signInMethod: 'email' })).toBe(
    'ada@example.com',
  )
  expect(describeAccount({ email: null, username: 'alan', signInMethod: 'x' })).toBe('alan on X')
  expect(
    describeAccount({ email: 'ada@example.com', username: 'ada', signInMethod: 'github' }),
  ).toBe('ada on GitHub')
  expect(describeAccount({ email: null, username: null, signInMethod: 'farcaster' })).toBe(
    'your Farcaster account',
  )
})
