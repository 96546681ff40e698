import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/** Hashes one-time codes and link tokens for storage, and checks a guess in constant time. */
export type SecretHasher = {
  /** HMAC-SHA256 (hex) of the secret under a key derived from the auth-share key. */
  hash(secret: string): string
  /** Whether `secret` hashes to `stored`, compared with `crypto.timingSafeEqual`. */
  matches(secret: string, stored: string): boolean
}

/**
 * Keyed hashes, so a copy of the database alone cannot try the million 6-digit codes. The key
 * is derived (HKDF-SHA256) from the auth-share key, never that key itself.
 */
export function createSecretHasher(masterKey: Uint8Array): SecretHasher {
  const key = Buffer.from(
    hkdfSync('sha256', masterKey, new Uint8Array(0), 'latch one-time codes', 32),
  )
  const hash = (secret: string) => createHmac('sha256', key).update(secret, 'utf8').digest('hex')
  return {
    hash,
    matches(secret, stored) {
      const guess = Buffer.from(hash(secret), 'hex')
      const expected = Buffer.from(stored, 'hex')
      return guess.length === expected.length && timingSafeEqual(guess, expected)
    },
  }
}

/** SHA-256 (hex) of a session token: the token is 256 random bits, so no key is needed. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
