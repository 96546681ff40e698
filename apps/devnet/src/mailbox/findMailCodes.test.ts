import { expect, test } from 'vitest'
import { findMailCodes, findMailLinks } from './findMailCodes.ts'

test('findMailCodes finds runs of exactly six digits', () => {
  expect(findMailCodes('Your code: 123456.')).toEqual(['123456'])
  expect(findMailCodes('123456 and 654321, again 123456')).toEqual(['123456', '654321'])
  expect(findMailCodes('1234567 12345 1.234567 123,456,789 0x123456abc')).toEqual([])
})

test('findMailLinks finds http(s) links without trailing punctuation', () => {
  expect(
    findMailLinks(
      'Open http://127.0.0.1:4171/a?token=x. Or (https://latch.example/b), not ftp://x',
    ),
  ).toEqual(['http://127.0.0.1:4171/a?token=x', 'https://latch.example/b'])
})
