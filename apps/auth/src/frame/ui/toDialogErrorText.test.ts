import { expect, test } from 'vitest'
import { WrongPassphraseError } from '../../errors/keys.ts'
import { toDialogErrorText } from './toDialogErrorText.ts'

test("our errors by their short message, others by their message's first line", () => {
  expect(toDialogErrorText(new WrongPassphraseError({ metaMessages: ['hint'] }))).toBe(
    'The recovery passphrase is wrong.',
  )
  expect(toDialogErrorText(new Error('The code is wrong.\nat stack'))).toBe('The code is wrong.')
  expect(toDialogErrorText(new Error('x'.repeat(300)))).toHaveLength(200)
})

test('nothing usable gives a generic sentence', () => {
  for (const value of [undefined, null, 'text', 42, {}, new Error(''), { message: 3 }]) {
    expect(toDialogErrorText(value)).toBe('Something went wrong.')
  }
})
