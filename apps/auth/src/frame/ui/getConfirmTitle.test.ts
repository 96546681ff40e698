import { expect, test } from 'vitest'
import { getConfirmTitle } from './getConfirmTitle.ts'

test('each kind of request has its own heading', () => {
  expect([
    getConfirmTitle('message'),
    getConfirmTitle('typedData'),
    getConfirmTitle('transaction'),
  ]).toMatchInlineSnapshot(`
    [
      "Sign this message?",
      "Sign this data?",
      "Send this transaction?",
    ]
  `)
})
