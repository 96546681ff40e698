import { gcm } from '@noble/ciphers/aes.js'
import { bytesToUtf8, utf8ToBytes } from '@noble/ciphers/utils.js'
import { managedNonce } from '@noble/ciphers/webcrypto.js'

/** Encrypts auth shares at rest; each ciphertext is bound to its user and address. */
export type AuthShareCipher = {
  encrypt(share: string, context: AuthShareContext): string
  /** Throws when the ciphertext was changed, or belongs to another user or address. */
  decrypt(encrypted: string, context: AuthShareContext): string
}

/** What a stored share is bound to (the GCM associated data): moving it to another row fails. */
export type AuthShareContext = { userId: string; address: string }

const prefix = 'v1:'

/**
 * AES-256-GCM (`@noble/ciphers`, audited) with a random 96-bit nonce per share, stored as
 * `v1:` + base64(nonce || ciphertext || tag), under the 32-byte LATCH_AUTH_SHARE_KEY.
 */
export function createAuthShareCipher(key: Uint8Array): AuthShareCipher {
  if (key.length !== 32) throw new Error('The auth-share key must be 32 bytes.')
  const associatedData = ({ userId, address }: AuthShareContext) =>
    utf8ToBytes(`latch-auth-share:${userId}:${address.toLowerCase()}`)
  return {
    encrypt(share, context) {
      const sealed = managedNonce(gcm)(key, associatedData(context)).encrypt(utf8ToBytes(share))
      return `${prefix}${Buffer.from(sealed).toString('base64')}`
    },
    decrypt(encrypted, context) {
      if (!encrypted.startsWith(prefix)) throw new Error('Unknown auth-share encryption format.')
      const sealed = new Uint8Array(Buffer.from(encrypted.slice(prefix.length), 'base64'))
      return bytesToUtf8(managedNonce(gcm)(key, associatedData(context)).decrypt(sealed))
    },
  }
}
