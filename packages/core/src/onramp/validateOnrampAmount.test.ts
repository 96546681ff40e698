import { describe, expect, it } from 'vitest'
import { getOnrampLimit, validateOnrampAmount } from './validateOnrampAmount.ts'

const paymentCurrencies = [
  {
    id: 'USD',
    payment_method_limits: [
      { id: 'card', min: '10', max: '7500' },
      { id: 'ach_bank_account', min: '10', max: '25000' },
    ],
  },
  { id: 'EUR', payment_method_limits: [{ id: 'card', min: '20', max: '10000' }] },
]
const check = (amount: string, currency = 'USD', method = 'card') =>
  validateOnrampAmount({
    amount,
    currency,
    method,
    limit: getOnrampLimit(paymentCurrencies, currency, method),
  })

describe('validateOnrampAmount', () => {
  it("takes an amount inside the method's limits", () => {
    expect(check('100')).toBeUndefined()
    expect(check('10')).toBeUndefined()
    expect(check('7500.00')).toBeUndefined()
    expect(check('25000', 'USD', 'ach_bank_account')).toBeUndefined()
  })

  it('names the limit an amount is outside of', () => {
    expect(check('9.99')).toEqual({
      key: 'belowMinimum',
      values: { method: 'card', currency: 'USD', min: '10', max: '7500' },
    })
    expect(check('7500.01')?.key).toBe('aboveMaximum')
    expect(check('10000', 'USD', 'ach_bank_account')).toBeUndefined()
    expect(check('15', 'EUR')).toMatchObject({ key: 'belowMinimum', values: { min: '20' } })
  })

  it('asks for an amount, and a number with at most 2 decimals', () => {
    expect(check(' ')?.key).toBe('amountRequired')
    expect(check('abc')?.key).toBe('invalidAmount')
    expect(check('0')?.key).toBe('invalidAmount')
    expect(check('10.001')?.key).toBe('invalidAmount')
    expect(check('-5')?.key).toBe('invalidAmount')
  })

  it('says when the method is not offered in the currency', () => {
    expect(check('100', 'EUR', 'ach_bank_account')?.key).toBe('methodUnavailable')
    expect(getOnrampLimit(paymentCurrencies, 'usd', 'card')).toEqual({ min: 10, max: 7500 })
  })
})
