import { parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { getMaxTransferAmount, transferFeeMultiplier } from './getMaxTransferAmount.ts'

describe('getMaxTransferAmount', () => {
  it('keeps the fee × 1.2 back from the native coin', () => {
    expect(transferFeeMultiplier).toBe(1.2)
    expect(getMaxTransferAmount({ balance: parseEther('10'), fee: parseEther('0.01') })).toBe(
      parseEther('9.988'),
    )
    // Rounded up: the margin is never short by a unit.
    expect(getMaxTransferAmount({ balance: 100n, fee: 1n })).toBe(98n)
    expect(getMaxTransferAmount({ balance: 100n, fee: 10n })).toBe(88n)
  })

  it('is zero when the fee takes it all, and the whole balance for a token', () => {
    expect(getMaxTransferAmount({ balance: 10n, fee: 9n })).toBe(0n)
    expect(getMaxTransferAmount({ balance: 0n, fee: 0n })).toBe(0n)
    expect(getMaxTransferAmount({ balance: parseUnits('1234.56', 6) })).toBe(1_234_560_000n)
  })
})
