import { describe, expect, it } from 'vitest'
import { formatTokenUnits } from './formatTokenUnits.ts'
import { parseTokenAmount } from './parseTokenAmount.ts'

describe('parseTokenAmount', () => {
  it("reads a dot-decimal amount exactly into the token's smallest unit", () => {
    expect(parseTokenAmount('1.5', 6)).toEqual({ status: 'valid', value: 1_500_000n })
    expect(parseTokenAmount('1.5', 18)).toEqual({
      status: 'valid',
      value: 1_500_000_000_000_000_000n,
    })
    expect(parseTokenAmount(' 42 ', 0)).toEqual({ status: 'valid', value: 42n })
    expect(parseTokenAmount('.25', 2)).toEqual({ status: 'valid', value: 25n })
    expect(parseTokenAmount('7.', 2)).toEqual({ status: 'valid', value: 700n })
    expect(parseTokenAmount('0.000001', 6)).toEqual({ status: 'valid', value: 1n })
    expect(parseTokenAmount('0', 6)).toEqual({ status: 'valid', value: 0n })
    // No floating point: far beyond Number's 15-16 significant digits.
    expect(parseTokenAmount('123456789012345678.123456789012345678', 18)).toEqual({
      status: 'valid',
      value: 123_456_789_012_345_678_123_456_789_012_345_678n,
    })
  })

  it('takes trailing zeros past the decimals, refuses any other extra digit', () => {
    expect(parseTokenAmount('1.500000000', 6)).toEqual({ status: 'valid', value: 1_500_000n })
    expect(parseTokenAmount('1.0000001', 6)).toEqual({ status: 'tooManyDecimals' })
    expect(parseTokenAmount('0.5', 0)).toEqual({ status: 'tooManyDecimals' })
  })

  it('uses the dot whatever the locale: a comma, signs, exponents and words are refused', () => {
    for (const text of ['1,5', '1,000.5', '-1', '+1', '1e3', 'abc', '1.2.3', '.', '0x10', '1 000'])
      expect(parseTokenAmount(text, 18), text).toEqual({ status: 'invalid' })
  })

  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(parseTokenAmount('١٫٥', 6)).toEqual({ status: 'valid', value: 1_500_000n })
    expect(parseTokenAmount('۲.۵', 1)).toEqual({ status: 'valid', value: 25n })
  })

  it('is empty for blank input', () => {
    expect(parseTokenAmount('', 6)).toEqual({ status: 'empty' })
    expect(parseTokenAmount('   ', 6)).toEqual({ status: 'empty' })
  })
})

describe('formatTokenUnits', () => {
  it('writes the smallest unit back as dot-decimal text the parser reads again', () => {
    expect(formatTokenUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatTokenUnits(9_988_000_000_000_000_000n, 18)).toBe('9.988')
    expect(formatTokenUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatTokenUnits(0n, 6)).toBe('0')
    expect(formatTokenUnits(42n, 0)).toBe('42')
    for (const [value, decimals] of [
      [123_456_789n, 4],
      [10n ** 30n + 7n, 18],
    ] as const)
      expect(parseTokenAmount(formatTokenUnits(value, decimals), decimals)).toEqual({
        status: 'valid',
        value,
      })
  })
})
