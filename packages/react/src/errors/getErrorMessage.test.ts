import {
  BalanceUnavailableError,
  DisconnectFailedError,
  type ErrorCatalogueName,
  errorCatalogue,
  fromProviderError,
  ProviderRequestError,
  SwitchChainError,
  UserRejectedRequestError,
} from '@latch/core'
import { describe, expect, it } from 'vitest'
import { alerts, getAlertId } from '../alerts/alerts.ts'
import { balanceRetryDelay } from '../hooks/useBalance.ts'
import { en } from '../i18n/en.ts'
import { es } from '../i18n/es.ts'
import { translate } from '../i18n/locales.ts'
import { getErrorMessage, isUserRejection } from './getErrorMessage.ts'

describe('getErrorMessage', () => {
  it('maps known errors to the spec wording and keeps others short', () => {
    expect(getErrorMessage(new UserRejectedRequestError())).toBe(
      'Connection declined in the wallet.',
    )
    expect(getErrorMessage(new BalanceUnavailableError({}))).toBe('Token Balance Unavailable')
    expect(getErrorMessage(new DisconnectFailedError(new Error('x')))).toBe('Failed to disconnect')
    expect(getErrorMessage(new ProviderRequestError('Wallet is locked', { code: -32002 }))).toBe(
      'Wallet is locked.',
    )
    expect(getErrorMessage(new Error('Boom.'))).toBe('Boom.')
    expect(getErrorMessage('nope')).toBe('Something went wrong')
  })

  it('fills the chain of a failed switch', () => {
    expect(
      getErrorMessage(new SwitchChainError(31339, new Error('Internal error'))),
    ).toMatchInlineSnapshot(
      `"Failed to switch to chain eip155:31339. The chain is not approved or the wallet does not support wallet_switchEthereumChain method."`,
    )
  })

  it('speaks the locale it is given', () => {
    const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
      translate(es, key, values)
    expect(getErrorMessage(new DisconnectFailedError(undefined), t)).toBe('No se pudo desconectar')
    expect(getErrorMessage(undefined, t)).toBe('Algo salió mal')
  })

  it("shows every entry of core's error table with the table's message and alert", () => {
    const fill = (text: string) =>
      text
        .replace('{chainId}', '31339')
        .replace('{name}', 'alice.latch.id')
        .replace('{seconds}', '12')
    for (const name of Object.keys(errorCatalogue) as ErrorCatalogueName[]) {
      const entry = errorCatalogue[name]
      // An error of that name, with what its placeholders read.
      const error = Object.assign(new Error('The wallet said no.'), {
        name,
        chainId: 31339,
        accountName: 'alice.latch.id',
        seconds: 12,
        shortMessage: 'The wallet said no.',
      })
      expect(getErrorMessage(error), name).toBe(
        entry.messageKey ? fill(en[entry.messageKey]) : 'The wallet said no.',
      )
      expect(getAlertId(error), name).toBe('alert' in entry ? entry.alert : undefined)
      if ('alert' in entry) expect(alerts[entry.alert].title).toMatch(/^(error|alert)\./)
    }
  })

  it('speaks the spec words for a wallet code, in any locale', () => {
    const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
      translate(es, key, values)
    const unauthorized = fromProviderError({ code: 4100, message: 'Not authorized.' })
    expect(getErrorMessage(unauthorized)).toBe('The wallet has not authorized this request.')
    expect(getErrorMessage(fromProviderError({ code: -32601, message: 'nope' }), t)).toBe(
      'Método no encontrado',
    )
    // Aborted underneath a domain error: the abort is what happened.
    const aborted = new BalanceUnavailableError({
      cause: Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }),
    })
    expect(getErrorMessage(aborted)).toBe('Request was aborted')
  })

  it('recognises a refusal in the wallet', () => {
    expect(isUserRejection(new UserRejectedRequestError())).toBe(true)
    expect(isUserRejection(new Error('x'))).toBe(false)
  })
})

describe('balanceRetryDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(balanceRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
  })
})
