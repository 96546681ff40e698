import { expect, test } from 'vitest'
import { normalizeOtp } from './normalizeOtp.ts'

test('six digits, typed or pasted with spaces or a dash', () => {
  expect(normalizeOtp('123456')).toBe('123456')
  expect(normalizeOtp(' 123 456 ')).toBe('123456')
  expect(normalizeOtp('123-456')).toBe('123456')
})

test('anything else is not a code', () => {
  for (const value of ['', '12345', '1234567', '12345a', '１２３４５６', '123456\u0000']) {
    expect(normalizeOtp(value)).toBeUndefined()
  }
})
