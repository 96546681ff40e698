import { ed25519 } from '@noble/curves/ed25519'
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils'
import { getBase58Decoder } from '@solana/kit'

/**
 * The HKDF `info` of the Solana key: a new purpose (or a new version of this one) gets a new
 * label, so no two keys derived from the wallet key are ever the same.
 */
export const solanaKeyInfo = 'latch/solana-ed25519/v1'

/** The embedded wallet's Solana key: its ed25519 seed, public key and base58 address. */
export type SolanaKey = {
  readonly seed: Uint8Array
  readonly publicKey: Uint8Array
  readonly address: string
}

/**
 * The Solana key of the wallet whose secp256k1 key is `evmKey` (0x + 64 hex): HKDF-SHA256 of
 * the key with the `solanaKeyInfo` label, 32 bytes, used as an ed25519 seed (RFC 8032). The
 * same wallet key always gives the same Solana account, so every embedded wallet has one
 * without a migration and recovery restores it.
 */
export function deriveSolanaKey(evmKey: string, info: string = solanaKeyInfo): SolanaKey {
  if (!/^0x[0-9a-fA-F]{64}$/.test(evmKey)) throw new Error('The wallet key is not 32 bytes.')
  const secret = hexToBytes(evmKey.slice(2))
  try {
    const seed = hkdf(sha256, secret, undefined, utf8ToBytes(info), 32)
    const publicKey = ed25519.getPublicKey(seed)
    return { seed, publicKey, address: getBase58Decoder().decode(publicKey) }
  } finally {
    secret.fill(0)
  }
}

/** An ed25519 signature of `message` by `key` (64 bytes). */
export function signWithSolanaKey(key: SolanaKey, message: Uint8Array): Uint8Array {
  return ed25519.sign(message, key.seed)
}

/** Overwrites the seed once the key has signed (the page never sees it). */
export function dropSolanaKey(key: SolanaKey): void {
  key.seed.fill(0)
}
