import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils'
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey, signBytes } from '@solana/kit'

/**
 * The HKDF `info` of the Solana key: a new purpose (or a new version of this one) gets a new
 * label, so no two keys derived from the wallet key are ever the same.
 */
export const solanaKeyInfo = 'latch/solana-ed25519/v1'

/** The embedded wallet's Solana key: a non-extractable ed25519 key pair and its address. */
export type SolanaKey = {
  readonly keyPair: CryptoKeyPair
  readonly address: string
}

/**
 * The Solana key of the wallet whose secp256k1 key is `evmKey` (0x + 64 hex): HKDF-SHA256 of
 * the key with the `solanaKeyInfo` label, 32 bytes, used as an ed25519 seed (RFC 8032) and
 * imported into WebCrypto as a non-extractable key (@solana/kit); the seed bytes are then
 * overwritten. The same wallet key always gives the same Solana account, so every embedded
 * wallet has one without a migration and recovery restores it.
 */
export async function deriveSolanaKey(
  evmKey: string,
  info: string = solanaKeyInfo,
): Promise<SolanaKey> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(evmKey)) throw new Error('The wallet key is not 32 bytes.')
  const secret = hexToBytes(evmKey.slice(2))
  let seed: Uint8Array | undefined
  try {
    seed = hkdf(sha256, secret, undefined, utf8ToBytes(info), 32)
    const keyPair = await createKeyPairFromPrivateKeyBytes(seed, false)
    return { keyPair, address: await getAddressFromPublicKey(keyPair.publicKey) }
  } finally {
    secret.fill(0)
    seed?.fill(0)
  }
}

/** An ed25519 signature of `message` by `key` (64 bytes). */
export async function signWithSolanaKey(key: SolanaKey, message: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await signBytes(key.keyPair.privateKey, message))
}
