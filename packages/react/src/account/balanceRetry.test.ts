import { describe, expect, it } from 'vitest'
import { balanceRetryInterval, canRetryBalance, getBalanceRetryAt } from './balanceRetry.ts'

describe('canRetryBalance', () => {
  const failedAt = 1_700_000_000_000

  it('allows a fetch when the balance never failed', () => {
    expect(canRetryBalance(undefined, failedAt)).toBe(true)
    expect(canRetryBalance(0, failedAt)).toBe(true)
  })

  it('refuses a retry until 30 s after the last failure', () => {
    expect(balanceRetryInterval).toBe(30_000)
    expect(canRetryBalance(failedAt, failedAt)).toBe(false)
    expect(canRetryBalance(failedAt, failedAt + 29_999)).toBe(false)
    expect(canRetryBalance(failedAt, failedAt + 30_000)).toBe(true)
    expect(getBalanceRetryAt(failedAt)).toBe(failedAt + 30_000)
  })
})
