import { expect, test } from 'vitest'
import { errorCatalogue } from './errorCatalogue.ts'
import { errorMessageKeys, getErrorMessageKey } from './errorMessageKeys.ts'
import { getErrorCatalogueEntry } from './getErrorCatalogueEntry.ts'

const named = (name: string, cause?: unknown) => Object.assign(new Error(name, { cause }), { name })

test('errorMessageKeys lists every catalogue entry with its message key, and nothing else', () => {
  expect(Object.keys(errorMessageKeys).sort()).toEqual(Object.keys(errorCatalogue).sort())
  for (const [name, entry] of Object.entries(errorCatalogue))
    expect(errorMessageKeys[name as keyof typeof errorMessageKeys]).toBe(entry.messageKey)
})

test('getErrorMessageKey finds the same error as getErrorCatalogueEntry (an abort wins)', () => {
  const chains = [
    named('BalanceUnavailableError', named('OriginNotAllowedError')),
    named('Unlisted', named('SignatureDeclinedError', named('UserRejectedRequestError'))),
    named('NameRegistrationError', named('AbortError')),
    named('ProviderRequestError', named('InternalRpcError')),
    named('Unlisted'),
  ]
  for (const error of chains) {
    const entry = getErrorCatalogueEntry(error)
    const found = getErrorMessageKey(error)
    expect(found?.name).toBe(entry?.name)
    expect(found?.error).toBe(entry?.error)
    expect(found?.key).toBe(entry?.messageKey)
  }
})
