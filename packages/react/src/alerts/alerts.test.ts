import {
  BalanceUnavailableError,
  InvalidConfigError,
  ProjectIdNotConfiguredError,
  UserRejectedRequestError,
} from '@latch/core'
import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en.ts'
import { alerts, getAlertId, getAlertIdFromServerMessage } from './alerts.ts'

describe('getAlertIdFromServerMessage', () => {
  it('maps the API texts the spec names', () => {
    expect(getAlertIdFromServerMessage('Unauthorized: origin not allowed')).toBe('originNotAllowed')
    expect(getAlertIdFromServerMessage('Unauthorized: invalid key')).toBe('invalidProjectId')
    expect(getAlertIdFromServerMessage('JWT validation error: JWT Token is not yet valid')).toBe(
      'sessionExpired',
    )
    expect(getAlertIdFromServerMessage('Something else')).toBeUndefined()
  })

  it('titles the origin and project id alerts "Invalid App Configuration"', () => {
    expect(en[alerts.originNotAllowed.title]).toBe('Invalid App Configuration')
    expect(en[alerts.invalidProjectId.title]).toBe('Invalid App Configuration')
    expect(en[alerts.sessionExpired.title]).toBe('Session Expired')
  })
})

describe('getAlertId', () => {
  it('reads the server text a balance error carries, then its status', () => {
    const refused = (status: number, details: string) =>
      new BalanceUnavailableError({ status, details })
    expect(getAlertId(refused(403, 'Unauthorized: origin not allowed'))).toBe('originNotAllowed')
    expect(getAlertId(refused(401, 'Unauthorized: invalid key'))).toBe('invalidProjectId')
    expect(getAlertId(refused(401, 'JWT validation error: JWT Token is not yet valid'))).toBe(
      'sessionExpired',
    )
    expect(getAlertId(refused(403, 'Forbidden'))).toBe('originNotAllowed')
    expect(getAlertId(refused(502, 'Bad gateway'))).toBeUndefined()
  })

  it('knows configuration errors by name and ignores the rest', () => {
    expect(getAlertId(new ProjectIdNotConfiguredError())).toBe('projectIdNotConfigured')
    expect(getAlertId(new InvalidConfigError(['apiUrl: expected a URL.']))).toBe('invalidConfig')
    expect(getAlertId(new UserRejectedRequestError())).toBeUndefined()
    expect(getAlertId('nope')).toBeUndefined()
  })
})
