import { scryptAsync } from '@noble/hashes/scrypt'
import { utf8ToBytes } from '@noble/hashes/utils'
import { sealedShareFormat } from './sealedShareFormat.ts'

/** Derives the 32-byte AES key that seals the recovery share from the passphrase (scrypt). */
export function deriveRecoveryKey(
  passphrase: string,
  salt: Uint8Array,
  log2N: number,
): Promise<Uint8Array> {
  // NFKC so the same passphrase typed on another keyboard or OS derives the same key.
  return scryptAsync(utf8ToBytes(passphrase.normalize('NFKC')), salt, {
    N: 2 ** log2N,
    r: sealedShareFormat.scryptR,
    p: sealedShareFormat.scryptP,
    dkLen: 32,
    maxmem: 2 ** 29,
  })
}
