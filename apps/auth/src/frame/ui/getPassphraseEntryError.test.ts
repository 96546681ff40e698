import { expect, test } from 'vitest'
import { getPassphraseEntryError } from './getPassphraseEntryError.ts'

test('empty or shorter than any passphrase could be: a message; otherwise none', () => {
  expect(getPassphraseEntryError('')).toBe('Enter your recovery passphrase.')
  expect(getPassphraseEntryError('1234567')).toBe(
    'Your recovery passphrase has at least 8 characters.',
  )
  expect(getPassphraseEntryError('12345678')).toBeUndefined()
})
