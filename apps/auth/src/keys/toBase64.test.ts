import { expect, test } from 'vitest'
import { InvalidBase64Error } from '../errors/keys.ts'
import { fromBase64 } from './fromBase64.ts'
import { toBase64 } from './toBase64.ts'

test('round trips any bytes and matches standard base64', () => {
  for (const length of [0, 1, 2, 3, 33, 60_000]) {
    const bytes = crypto.getRandomValues(new Uint8Array(length))
    const encoded = toBase64(bytes)
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'))
    expect(fromBase64(encoded)).toEqual(bytes)
  }
})

test('refuses what is not padded standard base64', () => {
  for (const value of ['abc', 'ab=c', 'a-b_', 'YQ', ' YQ==', 'YQ==\n', 1 as never]) {
    expect(() => fromBase64(value)).toThrow(InvalidBase64Error)
  }
})
