import { describe, expect, test } from 'vitest'
import {
  chainIdFromNameCoinType,
  createNameMessage,
  isValidNameLabel,
  nameLabelRules,
  nameMessageSchema,
  registerNameBodySchema,
  toNameCoinType,
} from './names.ts'

describe('isValidNameLabel', () => {
  test.each(['alice', 'Alice', 'abcd', '1234', 'a-b-c', 'a--b', 'x'.repeat(63)])(
    'accepts %j',
    (label) => {
      expect(isValidNameLabel(label)).toBe(true)
    },
  )

  test.each([
    '',
    'abc',
    'ali_ce',
    'ali ce',
    'ali.ce',
    'ali😀e',
    'alicé',
    'аlice', // Cyrillic а
    '-alice',
    'alice-',
    '----',
    'x'.repeat(64),
  ])('refuses %j', (label) => {
    expect(isValidNameLabel(label)).toBe(false)
  })

  test('the rule and its message', () => {
    expect(nameLabelRules.minLength).toBe(4)
    expect(nameLabelRules.maxLength).toBe(63)
    expect(nameLabelRules.message).toMatchInlineSnapshot(
      `"Names use letters, digits and hyphens, at least 4 characters."`,
    )
  })
})

describe('createNameMessage', () => {
  test('is the exact JSON the account signs', () => {
    expect(
      createNameMessage({ name: 'alice.latch.id', timestamp: 1732190000 }),
    ).toMatchInlineSnapshot(`"{"name":"alice.latch.id","attributes":{},"timestamp":1732190000}"`)
    const message = createNameMessage({ name: 'bob.latch.id', attributes: { bio: 'hi' } })
    const parsed = nameMessageSchema.parse(JSON.parse(message))
    expect(Math.abs(parsed.timestamp - Date.now() / 1000)).toBeLessThan(5)
  })

  test('attributes are bounded', () => {
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))
    for (const attributes of [tooMany, { 'bad key': 'v' }, { key: 'v'.repeat(1025) }])
      expect(
        nameMessageSchema.safeParse({ name: 'a.latch.id', attributes, timestamp: 1 }).success,
      ).toBe(false)
  })
})

describe('coin types (ENSIP-11)', () => {
  test('60 for mainnet, 2147483648 + id for other chains, and back', () => {
    expect(toNameCoinType(1)).toBe(60)
    expect(toNameCoinType(31337)).toBe(2147514985)
    expect(toNameCoinType(8453)).toBe(2147492101)
    expect(chainIdFromNameCoinType(60)).toBe(1)
    expect(chainIdFromNameCoinType(2147514985)).toBe(31337)
    for (const coinType of [0, 501, 2147483648, 4294967296, 1.5])
      expect(chainIdFromNameCoinType(coinType)).toBeUndefined()
    expect(() => toNameCoinType(0)).toThrow(RangeError)
    expect(() => toNameCoinType(2 ** 31)).toThrow(RangeError)
  })

  test('coin_type is a number or a string of digits', () => {
    const body = { address: '0x', message: '{}', signature: '0x00' }
    expect(registerNameBodySchema.parse({ ...body, coin_type: '60' }).coin_type).toBe(60)
    expect(registerNameBodySchema.parse({ ...body, coin_type: 60 }).coin_type).toBe(60)
    expect(registerNameBodySchema.safeParse({ ...body, coin_type: '6x' }).success).toBe(false)
  })
})
