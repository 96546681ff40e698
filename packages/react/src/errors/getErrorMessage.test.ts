import {
  BalanceUnavailableError,
  DisconnectFailedError,
  ProviderRequestError,
  SwitchChainError,
  UserRejectedRequestError,
} from '@latch/core'
import { describe, expect, it } from 'vitest'
import { balanceRetryDelay } from '../hooks/useBalance.ts'
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
