import { expect, test } from 'vitest'
import { getPassphraseProblem } from './getPassphraseProblem.ts'

test('at least 8 characters, counted as characters rather than UTF-16 units', () => {
  expect(getPassphraseProblem('')).toMatchInlineSnapshot(
    `"The passphrase must be at least 8 characters."`,
  )
  expect(getPassphraseProblem('1234567')).toBeDefined()
  expect(getPassphraseProblem('12345678')).toBeUndefined()
  // Four emoji are eight UTF-16 units but four characters.
  expect(getPassphraseProblem('🔑🔑🔑🔑')).toBeDefined()
  expect(getPassphraseProblem('x'.repeat(1025))).toMatchInlineSnapshot(
    `"The passphrase must be at most 1024 characters."`,
  )
})
