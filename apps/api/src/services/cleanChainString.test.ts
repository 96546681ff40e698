import { expect, test } from 'vitest'
import { cleanChainString } from './cleanChainString.ts'

test('removes bidi controls, C0/C1 controls and invisible format characters', () => {
  const cases = {
    // "USDC" spelled with a right-to-left override, so it would read "CDSU" reversed.
    rtlOverride: '\u202ECDSU\u202C',
    embeddingsAndIsolates: '\u202AA\u202BB\u202DC\u2066D\u2067E\u2068F\u2069',
    marks: 'Te\u200Ether\u200F\u061C',
    c0: 'Wr\u0000ap\u0007ped\u001B[31m',
    c1: 'Ether\u0080\u009B\u009F',
    zeroWidth: 'Tet\u200Bher\uFEFF\u2060',
    tags: 'Flag\u{E0041}\u{E007F}',
    loneSurrogate: 'Coin\uD800',
    whitespace: '  Wrapped \t\n Ether  ',
    lineSeparators: 'One\u2028Two\u2029Three',
  }
  expect(
    Object.fromEntries(
      Object.entries(cases).map(([name, value]) => [
        name,
        cleanChainString(value, { maxLength: 100 }),
      ]),
    ),
  ).toEqual({
    rtlOverride: 'CDSU',
    embeddingsAndIsolates: 'ABCDEF',
    marks: 'Tether',
    c0: 'Wrapped[31m',
    c1: 'Ether',
    zeroWidth: 'Tether',
    tags: 'Flag',
    loneSurrogate: 'Coin',
    whitespace: 'Wrapped Ether',
    lineSeparators: 'One Two Three',
  })
})

test('keeps emoji joined, normalises to NFC, and keeps line breaks only when multiline', () => {
  expect(cleanChainString('👩\u200D💻 Dev', { maxLength: 50 })).toBe('👩\u200D💻 Dev')
  expect(cleanChainString('Cafe\u0301', { maxLength: 50 })).toBe('Café')
  expect(
    cleanChainString('Line one\r\n\r\n\r\n\tLine two\u202E', { maxLength: 50, multiline: true }),
  ).toBe('Line one\n\nLine two')
})

test('caps the length in characters without splitting a surrogate pair', () => {
  expect(cleanChainString('x'.repeat(500), { maxLength: 100 })).toHaveLength(100)
  expect(Array.from(cleanChainString('🦊'.repeat(10), { maxLength: 3 }))).toEqual([
    '🦊',
    '🦊',
    '🦊',
  ])
  expect(cleanChainString('\u202E\u0000 ', { maxLength: 10 })).toBe('')
})
