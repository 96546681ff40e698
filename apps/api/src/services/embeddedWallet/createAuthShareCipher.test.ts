import { expect, test } from 'vitest'
import { createAuthShareCipher } from './createAuthShareCipher.ts'

const key = new Uint8Array(32).fill(9)
const context = { userId: 'user-1', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
const share = 'c2hhcmUtb2YtdGhlLWtleQ=='

test('round-trips a share; each encryption is fresh and holds no plaintext', () => {
  const cipher = createAuthShareCipher(key)
  const first = cipher.encrypt(share, context)
  const second = cipher.encrypt(share, context)
  expect(first).not.toBe(second)
  expect(first).toMatch(/^v1:[A-Za-z0-9+/]+=*$/)
  expect(first).not.toContain(share)
  expect(cipher.decrypt(first, context)).toBe(share)
  // The address is compared case-insensitively (it is the same account).
  expect(cipher.decrypt(first, { ...context, address: context.address.toLowerCase() })).toBe(share)
})

test('a changed ciphertext, another row or another key does not decrypt', () => {
  const cipher = createAuthShareCipher(key)
  const sealed = cipher.encrypt(share, context)
  const bytes = Buffer.from(sealed.slice(3), 'base64')
  bytes[20] = (bytes[20] ?? 0) ^ 1
  expect(() => cipher.decrypt(`v1:${bytes.toString('base64')}`, context)).toThrow()
  expect(() => cipher.decrypt(sealed, { ...context, userId: 'user-2' })).toThrow()
  expect(() => createAuthShareCipher(new Uint8Array(32).fill(8)).decrypt(sealed, context)).toThrow()
  expect(() => createAuthShareCipher(new Uint8Array(16))).toThrow('32 bytes')
})
