import { expect, test } from 'vitest'
import { getNewPassphraseErrors } from './getNewPassphraseErrors.ts'

test('too short, then not repeated, then not matching, then fine', () => {
  expect(getNewPassphraseErrors('short', 'short')).toMatchInlineSnapshot(`
    {
      "passphrase": "The passphrase must be at least 8 characters.",
    }
  `)
  expect(getNewPassphraseErrors('long enough', '')).toEqual({
    repeat: 'Enter the passphrase again.',
  })
  expect(getNewPassphraseErrors('long enough', 'long enougH')).toEqual({
    repeat: 'The passphrases do not match.',
  })
  expect(getNewPassphraseErrors('long enough', 'long enough')).toEqual({})
  // The same characters typed differently (composed or not) match, as the key derivation sees them.
  expect(getNewPassphraseErrors('caf\u00e9 noir', 'cafe\u0301 noir')).toEqual({})
})
