import { describe, expect, it } from 'vitest'
import { formatFiat } from './formatFiat.ts'
import { formatSignedTokenAmount, formatTokenAmount } from './formatTokenAmount.ts'
import { toIntlLocale } from './toIntlLocale.ts'

describe('formatTokenAmount', () => {
  it('shows 3 decimals, grouped for the locale', () => {
    expect(formatTokenAmount('10000.5')).toBe('10,000.500')
    expect(formatTokenAmount('0.0004')).toBe('0.000')
    expect(formatTokenAmount('1.23456')).toBe('1.235')
    expect(formatTokenAmount('not a number')).toBe('0.000')
    expect(formatTokenAmount('10000.5', 'es')).toBe('10.000,500')
  })

  it('signs a moved amount by its direction', () => {
    expect(formatSignedTokenAmount('1.5', 'in')).toBe('+1.500')
    expect(formatSignedTokenAmount('1.5', 'out')).toBe('\u22121.500')
    expect(formatSignedTokenAmount('-1.5', 'out')).toBe('\u22121.500')
    expect(formatSignedTokenAmount('2', 'self')).toBe('2.000')
  })
})

describe('formatFiat', () => {
  it('shows 2 decimals with the currency, in the locale', () => {
    expect(formatFiat(1234.5, { currency: 'usd' })).toBe('$1,234.50')
    expect(formatFiat(0.004, { currency: 'usd' })).toBe('$0.00')
    expect(formatFiat(29_998_500.5, { currency: 'USD', locale: toIntlLocale('en') })).toBe(
      '$29,998,500.50',
    )
    expect(formatFiat(1234.5, { currency: 'eur', locale: 'en-US' })).toBe('€1,234.50')
    expect(formatFiat(1234.5, { currency: 'usd', locale: toIntlLocale('es') })).toBe(
      '1234,50\u00a0$',
    )
    expect(formatFiat(Number.NaN, { currency: 'usd' })).toBe('$0.00')
  })
})
