import { expect, test } from 'vitest'
import { errorAlerts, getErrorAlertId } from './errorAlerts.ts'
import { errorCatalogue } from './errorCatalogue.ts'

test('errorAlerts names exactly the catalogue entries shown as an alert, with their alert', () => {
  const fromCatalogue = Object.fromEntries(
    Object.entries(errorCatalogue).flatMap(([name, entry]) =>
      entry.show === 'alert' && 'alert' in entry ? [[name, entry.alert]] : [],
    ),
  )
  expect(fromCatalogue).toEqual(errorAlerts)
})

test('getErrorAlertId finds the alert down the cause chain', () => {
  const origin = Object.assign(new Error('no'), { name: 'OriginNotAllowedError' })
  const outer = new Error('balance failed', { cause: origin })
  expect(getErrorAlertId(outer)).toBe('originNotAllowed')
  expect(getErrorAlertId(new Error('plain'))).toBeUndefined()
  expect(getErrorAlertId('not an error')).toBeUndefined()
})
