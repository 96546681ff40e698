import { describe, expect, it } from 'vitest'
import { formatAmount } from './formatAmount.ts'
import { parseChainId } from './parseChainId.ts'

describe('formatAmount', () => {
  it('shows 3 decimals with grouping', () => {
    expect(formatAmount('9999.9876')).toBe('9,999.988')
    expect(formatAmount('0')).toBe('0.000')
    expect(formatAmount('not a number')).toBe('0.000')
    expect(formatAmount('1.5', { fractionDigits: 2 })).toBe('1.50')
  })
})

describe('parseChainId', () => {
  it('reads the forms wallets use', () => {
    expect([31337, '0x7a69', '31337', 'eip155:31337'].map(parseChainId)).toEqual([
      31337, 31337, 31337, 31337,
    ])
    expect(['', '0x', 'eip155:', -1, 0, 'abc', null].map(parseChainId)).toEqual(
      Array(7).fill(undefined),
    )
  })
})
